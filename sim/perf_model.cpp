// Reference model of perfscope: the datasheet's semantics, written without
// looking at how the RTL implements them (plain 64-bit counters per section,
// no offsets, no RAM, no adder sharing).
#include "perf_model.h"

#include <cstdio>

extern "C" {
#include "perfscope_regs.h"
}

namespace {

constexpr uint32_t kWordsPerSection = PERF_SECTION_STRIDE / 4;
constexpr uint32_t kSectionWords = kWordsPerSection * (PERF_MAX_SECTIONS + 1);

std::string reg_name(uint32_t word) {
    char buf[32];
    static const char *const names[] = {"TIME_LO", "TIME_HI", "OCC", "RSVD"};
    if (word < kSectionWords)
        snprintf(buf, sizeof buf, "%s(%u)", names[word % kWordsPerSection],
                 word / kWordsPerSection);
    else if (word == PERF_REG_ID / 4)
        snprintf(buf, sizeof buf, "ID");
    else if (word == PERF_REG_CONFIG / 4)
        snprintf(buf, sizeof buf, "CONFIG");
    else if (word == PERF_REG_RUN / 4)
        snprintf(buf, sizeof buf, "RUN");
    else
        snprintf(buf, sizeof buf, "word 0x%02x", word);
    return buf;
}

}  // namespace

PerfModel::PerfModel(unsigned num_sections) : nsec_(num_sections) {}

void PerfModel::fail(uint64_t cycle_no, uint32_t word, uint32_t expected, uint32_t got) {
    if (!error_.empty())
        return;
    char buf[160];
    snprintf(buf, sizeof buf,
             "perfscope mismatch at cycle %llu: read of %s (offset 0x%02x) expected 0x%08x got 0x%08x",
             (unsigned long long)cycle_no, reg_name(word).c_str(), word * 4, expected, got);
    error_ = buf;
}

void PerfModel::apply_write(uint32_t word, uint32_t data, uint8_t sel) {
    if (word >= kSectionWords)
        return;
    const unsigned n = word / kWordsPerSection;
    const unsigned reg = (word % kWordsPerSection) * 4;
    if (n > nsec_)
        return;
    if (n == 0 && reg == PERF_REG_TIME_LO(0)) {
        if ((sel & 1) && (data & 1)) {
            for (auto &s : sec_)
                s = Section();
            latch_valid_ = false;
        } else {
            sec_[0].run = false;
        }
    } else if (n == 0 && reg == PERF_REG_TIME_HI(0)) {
        sec_[0].run = true;
        sec_[0].occ++;
    } else if (reg == PERF_REG_TIME_LO(0)) {
        sec_[n].run = false;
    } else if (reg == PERF_REG_TIME_HI(0)) {
        sec_[n].run = true;
        if (sec_[0].run)
            sec_[n].occ++;
    }
}

uint32_t PerfModel::predict_read(uint32_t word) {
    if (word == PERF_REG_ID / 4)
        return PERF_ID_VALUE;
    if (word == PERF_REG_CONFIG / 4)
        return (PERF_VERSION_MAJOR << PERF_CONFIG_VERSION_MAJOR_SHIFT) |
               (PERF_VERSION_MINOR << PERF_CONFIG_VERSION_MINOR_SHIFT) |
               (nsec_ << PERF_CONFIG_SECTIONS_SHIFT);
    if (word == PERF_REG_RUN / 4) {
        uint32_t run = 0;
        for (unsigned n = 0; n <= nsec_; n++)
            run |= (uint32_t)sec_[n].run << n;
        return run;
    }
    if (word >= kSectionWords)
        return 0;
    const unsigned n = word / kWordsPerSection;
    const unsigned reg = (word % kWordsPerSection) * 4;
    if (n > nsec_)
        return 0;
    const uint64_t t = sec_[n].time;
    if (reg == PERF_REG_TIME_LO(0)) {
        latch_valid_ = true;
        latch_sec_ = n;
        latch_hi_ = (uint32_t)(t >> 32);
        return (uint32_t)t;
    }
    if (reg == PERF_REG_TIME_HI(0)) {
        if (latch_valid_ && latch_sec_ == n) {
            latch_valid_ = false;
            return latch_hi_;
        }
        return (uint32_t)(t >> 32);
    }
    if (reg == PERF_REG_OCC(0))
        return sec_[n].occ;
    return 0;
}

bool PerfModel::cycle(uint64_t cycle_no, const PerfBusSample &s) {
    if (s.ack) {
        if (!pending_) {
            if (error_.empty())
                error_ = "perfscope protocol error at cycle " + std::to_string(cycle_no) +
                         ": ack without a request";
        } else {
            if (pending_is_read_) {
                reads_checked_++;
                if (s.rdata != pending_value_)
                    fail(cycle_no, pending_word_, pending_value_, s.rdata);
            }
            pending_ = false;
        }
    }

    // The edge that ends this cycle: counters tick with the run flags the
    // cycle had, then an access accepted in this cycle takes effect.
    if (sec_[0].run) {
        sec_[0].time++;
        for (unsigned n = 1; n <= nsec_; n++)
            if (sec_[n].run)
                sec_[n].time++;
    }

    if (s.cyc && s.stb && !s.stall) {
        if (pending_ && error_.empty())
            error_ = "perfscope protocol error at cycle " + std::to_string(cycle_no) +
                     ": request accepted before the previous one was acknowledged";
        const uint32_t word = s.addr & 0x3f;
        pending_ = true;
        pending_word_ = word;
        pending_is_read_ = !s.we;
        if (s.we) {
            writes_seen_++;
            apply_write(word, s.wdata, s.sel);
        } else {
            pending_value_ = predict_read(word);
        }
    }
    return ok();
}
