// SPDX-License-Identifier: Apache-2.0
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
    else if (word == PERF_REG_OVF / 4)
        snprintf(buf, sizeof buf, "OVF");
    else
        snprintf(buf, sizeof buf, "word 0x%02x", word);
    return buf;
}

}  // namespace

PerfModel::PerfModel(unsigned num_sections)
    : nsec_(num_sections), present_((uint8_t)((2u << num_sections) - 1)) {
    reset_state();
}

void PerfModel::set_reset_values(uint64_t gtime, uint32_t occ) {
    reset_gtime_ = gtime;
    reset_occ_ = occ;
}

void PerfModel::reset_state() {
    for (auto &s : sec_) {
        s = Section();
        s.occ = reset_occ_;
    }
    sec_[0].time = reset_gtime_;
    ovf_ = 0;
    latch_valid_ = false;
}

void PerfModel::fail(uint64_t cycle_no, uint32_t word, uint32_t expected, uint32_t got) {
    if (!error_.empty())
        return;
    char buf[160];
    snprintf(buf, sizeof buf,
             "perfscope mismatch at cycle %llu: read of %s (offset 0x%02x) expected 0x%08x got 0x%08x",
             (unsigned long long)cycle_no, reg_name(word).c_str(), word * 4, expected, got);
    error_ = buf;
}

void PerfModel::protocol_error(uint64_t cycle_no, const std::string &what) {
    if (error_.empty())
        error_ = "perfscope protocol error at cycle " + std::to_string(cycle_no) + ": " + what;
}

// The edge: G advances while the global counter runs, and with it every
// running section. A counter that wraps sets its section's flag; G's wrap
// sets every section's, as no section time can be trusted after it.
uint8_t PerfModel::tick() {
    uint8_t set = 0;
    if (!sec_[0].run)
        return 0;
    for (unsigned n = 0; n <= nsec_; n++)
        if (sec_[n].run && ++sec_[n].time == 0)
            set |= (uint8_t)(n == 0 ? present_ : 1u << n);
    return set;
}

// The section n and the register's byte offset in its block of a word
// offset; false outside the blocks of the sections that exist.
bool PerfModel::section_reg(uint32_t word, unsigned *n, unsigned *reg) const {
    if (word >= kSectionWords)
        return false;
    *n = word / kWordsPerSection;
    *reg = (word % kWordsPerSection) * 4;
    return *n <= nsec_;
}

// Returns the overflow flags the write sets; clears those an OVF write clears.
uint8_t PerfModel::apply_write(uint32_t word, uint32_t data, uint8_t sel) {
    if (word == PERF_REG_OVF / 4) {
        if (sel & 1)
            ovf_ &= (uint8_t)~data;
        return 0;
    }
    unsigned n, reg;
    if (!section_reg(word, &n, &reg))
        return 0;
    if (n == 0 && reg == PERF_REG_TIME_LO(0)) {
        if ((sel & 1) && (data & 1))
            reset_state();
        else
            sec_[0].run = false;
    } else if (n == 0 && reg == PERF_REG_TIME_HI(0)) {
        sec_[0].run = true;
        if (++sec_[0].occ == 0)
            return 1;
    } else if (reg == PERF_REG_TIME_LO(0)) {
        sec_[n].run = false;
    } else if (reg == PERF_REG_TIME_HI(0)) {
        sec_[n].run = true;
        if (sec_[0].run && ++sec_[n].occ == 0)
            return (uint8_t)(1u << n);
    }
    return 0;
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
    if (word == PERF_REG_OVF / 4)
        return ovf_;
    unsigned n, reg;
    if (!section_reg(word, &n, &reg))
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

// The reads the timing table gives two cycles: a counter of a section that
// exists, except a TIME_HI the latch answers.
bool PerfModel::slow_read(uint32_t word) const {
    if (word >= kSectionWords)
        return false;
    const unsigned n = word / kWordsPerSection;
    const unsigned reg = (word % kWordsPerSection) * 4;
    if (n > nsec_ || reg == PERF_REG_RSVD(0))
        return false;
    return !(reg == PERF_REG_TIME_HI(0) && latch_valid_ && latch_sec_ == n);
}

bool PerfModel::cycle(uint64_t cycle_no, const PerfBusSample &s) {
    // The acknowledge: exactly in the cycle the timing table says.
    if (s.ack) {
        if (!pending_) {
            protocol_error(cycle_no, "ack without a request");
        } else if (cycle_no != ack_at_) {
            protocol_error(cycle_no, "ack " + std::to_string(cycle_no - accepted_at_) +
                                         " cycles after acceptance, due after " +
                                         std::to_string(ack_at_ - accepted_at_));
        } else {
            if (pending_is_read_) {
                reads_checked_++;
                if (s.rdata != pending_value_)
                    fail(cycle_no, pending_word_, pending_value_, s.rdata);
            }
            pending_ = false;
        }
    } else if (pending_ && cycle_no == ack_at_) {
        protocol_error(cycle_no, "no ack for the request accepted at cycle " +
                                     std::to_string(accepted_at_));
    }
    // The stall: high until the cycle the next request may be accepted.
    if (ready_known_ && s.stall != (cycle_no < ready_at_))
        protocol_error(cycle_no, std::string("stall ") + (s.stall ? "high" : "low") +
                                     ", expected " + (s.stall ? "low" : "high"));

    if (s.reset) {
        // Counters and flags clear at this edge, the RAM clear stalls the
        // next eight cycles, and an outstanding request is dropped.
        reset_state();
        pending_ = false;
        ready_known_ = true;
        ready_at_ = cycle_no + 9;
        return ok();
    }
    // Dropping CYC aborts a request whose ack has not come: none will.
    if (pending_ && !s.cyc && cycle_no < ack_at_) {
        pending_ = false;
        ready_at_ = cycle_no + 1;
    }

    // The edge that ends this cycle: counters tick with the run flags the
    // cycle had, then an access accepted in this cycle takes effect.
    uint8_t set = tick();

    if (s.cyc && s.stb && !s.stall) {
        if (pending_)
            protocol_error(cycle_no, "request accepted before the previous one was acknowledged");
        const uint32_t word = s.addr & 0x3f;
        const bool slow = !s.we && slow_read(word);
        const bool reset = s.we && word == 0 && (s.sel & 1) && (s.wdata & 1);
        pending_ = true;
        accepted_at_ = cycle_no;
        ack_at_ = cycle_no + (slow ? 2 : 1);
        ready_known_ = true;
        ready_at_ = cycle_no + (reset ? 9 : slow ? 3 : 2);
        pending_word_ = word;
        pending_is_read_ = !s.we;
        if (s.we) {
            writes_seen_++;
            set |= apply_write(word, s.wdata, s.sel);
            if (reset)
                set = 0;
        } else {
            ovf_ |= set;  // a read returns the flags as after this edge
            pending_value_ = predict_read(word);
        }
    }
    // A flag set in the cycle a write clears it stays set.
    ovf_ |= set;
    wraps_seen_ += set != 0;
    return ok();
}
