// SPDX-License-Identifier: Apache-2.0
// Reference model of perfscope: the datasheet's semantics, written without
// looking at how the RTL implements them (plain 64-bit counters per section,
// no offsets, no RAM, no adder sharing).
#include "perf_model.h"

#include <cstdio>

extern "C" {
#include "perfscope_frames.h"
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
#define X(name, off) \
    else if (word == (off) / 4) snprintf(buf, sizeof buf, "%s", #name);
    PERF_CTRL_REGS(X)
#undef X
    else
        snprintf(buf, sizeof buf, "word 0x%02x", word);
    return buf;
}

}  // namespace

constexpr uint32_t kCountMax = 0xffff;  // DROPS and a LOSS's count saturate here (16 bits)

const char *rec_name(uint64_t rec) {
    static const char *const names[] = {
#define X(name, code) #name,
        PERF_TRACE_TYPES(X)
#undef X
    };
    return names[rec >> (32 + PERF_TRACE_TYPE_SHIFT)];
}

std::string rec_str(uint64_t rec) {
    char buf[80];
    snprintf(buf, sizeof buf, "%s 0x%08x_%08x", rec_name(rec), (unsigned)(rec >> 32), (unsigned)rec);
    return buf;
}

PerfModel::PerfModel(unsigned num_sections, unsigned trace_depth, PerfRetireConfig rt)
    : nsec_(num_sections), present_((uint8_t)((2u << num_sections) - 1)), tdepth_(trace_depth), rt_(rt) {
    while (tdepth_ && (1u << tlog_) < tdepth_)
        tlog_++;
    period_bit_ = tlog_ > 8 ? 8 : tlog_ ? tlog_ - 1 : 0;
    if (!rt_.retire)
        rt_ = PerfRetireConfig();  // the tap's other parameters need it
    while (rt_.hist_buckets && (1u << hlog_) < rt_.hist_buckets)
        hlog_++;
    if (rt_.hist_buckets)
        hist_.reset(new HistModel(rt_.hist_buckets));
    if (rt_.triggers)
        trig_.reset(new TrigModel(rt_.triggers));
    reset_state();
    trace_reset();
}

// ---- The trace unit (docs/trace.md, "Timing") -----------------------------

void PerfModel::trace_reset() {
    trace_clear();
    en_ = ovw_ = false;
    sblk_ = false;
    rolled_ = true;  // the window is unknown until an event is recorded
    latch_hi_ = 0;  // TRACE_POP_HI reads 0 after a reset
    latch_mask_ = ~0u;
    pop_due_ = false;
}

void PerfModel::trace_clear() {
    fifo_.clear();
    wr_ptr_ = 0;
    high_ = 0;
    drops_ = 0;
    depth_ = 0;
    loss_ = false;
    ev_pending_ = false;
    slot_pending_ = false;
    force_sync_ = true;
}

void PerfModel::trace_fail(uint64_t cycle_no, const std::string &what) {
    if (error_.empty())
        error_ = "perfscope trace mismatch at cycle " + std::to_string(cycle_no) + ": " + what;
}

// The head leaves the RAM's read port from the second cycle after its write.
bool PerfModel::trace_visible(uint64_t cycle_no) const {
    return !fifo_.empty() && fifo_.front().written + 1 < cycle_no;
}

// A record written at this cycle's edge; a full FIFO (OVERWRITE) loses its oldest.
void PerfModel::trace_write(uint64_t cycle_no, uint64_t rec) {
    if (fifo_.size() == tdepth_) {
        fifo_.pop_front();
        if (drops_ != kCountMax)
            drops_++;
    }
    fifo_.push_back({rec, cycle_no});
    wr_ptr_++;
}

// The period's SYNC is due once the write pointer has entered the next
// block of PERF_TRACE_SYNC_PERIOD records (DEPTH / 2 below 512) since the
// last SYNC went in.
bool PerfModel::sync_due() const {
    return ((wr_ptr_ >> period_bit_) & 1u) != sblk_;
}

namespace {

constexpr unsigned kTimeLoBits = PERF_TRACE_TIME_BITS - 32;
constexpr uint32_t kPopEmpty = 0xf0000000u;  // POP_HI after an empty POP_LO: no record's word 1 has these bits

// The bits of a record the model predicts: all but a SYNC's reserved ones.
uint64_t record_mask(uint64_t rec) {
    const uint64_t type = (uint64_t)PERF_TRACE_TYPE_MASK << 32;
    return (rec & type) == (uint64_t)PERF_TRACE_SYNC << (32 + PERF_TRACE_TYPE_SHIFT) ? type | 0xffffffffu : ~0ull;
}

uint64_t event_record(unsigned type, unsigned depth, uint64_t g, uint32_t data) {
    return ((uint64_t)type << (32 + PERF_TRACE_TYPE_SHIFT)) | ((uint64_t)depth << (32 + PERF_TRACE_DEPTH_SHIFT)) |
           ((g & PERF_TRACE_TIME_LO_MASK) << 32) | data;
}

}  // namespace

// One cycle of the trace unit at its edge (docs/trace.md, "Timing"): the
// bus's event of this cycle (accepted, or a trigger's go), then the retire
// tap's, each recorded or dropped, and the one record the port writes:
// the bus's pending record, else the slot's, else a SYNC of this cycle,
// else a pending LOSS. g is G in this cycle; act: a request is accepted or
// a trigger goes; rt_raw: the tap has an event (CALLS set), ENABLE or not.
void PerfModel::trace_cycle(uint64_t cycle_no, uint64_t g, const TraceEv &bus, const TraceEv &rt, bool act,
                            bool rt_raw) {
    const bool brec = ev_pending_, slot = slot_pending_;
    const uint64_t old_rec = ev_rec_, old_slot = slot_rec_;
    // A SYNC is forced when the window G[52:21] may have moved since the
    // last recorded event: the records between two SYNCs share one.
    const bool rolled = rolled_ || (g >> kTimeLoBits) != last_win_;
    const bool forced = force_sync_ || rolled;
    const bool due = sync_due();
    const bool ev_b = bus.on && en_, ev_r = rt.on && en_;
    // Stop on full keeps room for the most an event can need: its SYNC and
    // record, and a retire event's record of the same cycle.
    const bool room1 = ovw_ || level0_ + 2 <= tdepth_;
    bool sync = false, rec_b = false, rec_r = false;
    unsigned dropped = 0;
    if (ev_b) {
        // The slot goes first, and the period's SYNC waits behind it; a
        // forced SYNC cannot wait, and the event is dropped.
        const bool need = forced || due;
        rec_b = !loss_ && !(forced && slot) && room1 && !(ev_r && !ovw_ && level0_ + 3 > tdepth_);
        const uint8_t at = depth_;
        if (bus.type == PERF_TRACE_EXIT)
            depth_--;
        else if (bus.type == PERF_TRACE_ENTER)
            depth_++;
        if (rec_b) {
            const bool s = need && !slot;
            rt_stats_.sync_waited += need && slot;
            sync = s;
            ev_rec_ = event_record(bus.type, at, g, bus.data);
        } else {
            dropped++;
        }
    }
    if (ev_r) {
        const uint8_t at = depth_;
        bool s = false;
        if (ev_b) {
            rec_r = rec_b;  // together
        } else {
            const bool busy = brec || slot;
            rec_r = !loss_ && !(slot && brec) && !(forced && busy) && room1;
            s = rec_r && (forced || due) && !busy;
        }
        rt_stats_.with_bus += ev_b;
        if (rec_r) {
            rt_stats_.recorded++;
            rt_stats_.late += ev_b;
            rt_stats_.sync_waited += !ev_b && !s && due;
            sync = sync || s;
            slot_rec_ = event_record(rt.type, at, g, rt.data);
        } else {
            rt_stats_.dropped++;
            dropped++;
        }
        if (rt.type == PERF_TRACE_EXIT)
            depth_--;
        else if (rt.type == PERF_TRACE_ENTER && !(rt.data & PERF_TRACE_RETIRE))
            depth_++;
    }
    if (rec_b || rec_r) {
        force_sync_ = false;
        rolled_ = false;
        last_win_ = g >> kTimeLoBits;
    }
    // The port. A SYNC's word 1 below its type is reserved (the unit's
    // record register, unchanged): the model leaves it 0 and compares
    // SYNCs without it (record_mask).
    if (brec) {
        trace_write(cycle_no, old_rec);
    } else if (slot) {
        trace_write(cycle_no, old_slot);
    } else if (sync) {
        sblk_ = (wr_ptr_ >> period_bit_) & 1u;
        trace_write(cycle_no, ((uint64_t)PERF_TRACE_SYNC << (32 + PERF_TRACE_TYPE_SHIFT)) |
                                  ((g >> kTimeLoBits) & 0xffffffffu));
    } else if (loss_ && !act && !rt_raw && (ovw_ || level0_ + 3 <= tdepth_)) {
        // A pending LOSS, in a cycle with no event and no record waiting,
        // once there is room for it and what follows it.
        trace_write(cycle_no, (uint64_t)loss_hi_ << 32 | loss_count_);
        loss_ = false;
        force_sync_ = true;
    }
    if (dropped) {
        drops_ = drops_ + dropped < kCountMax ? drops_ + dropped : kCountMax;
        if (!loss_) {
            loss_ = true;
            loss_count_ = dropped;
            loss_hi_ = PERF_TRACE_LOSS << PERF_TRACE_TYPE_SHIFT | (uint32_t)rolled << PERF_TRACE_ROLLED_SHIFT |
                       (uint32_t)(g & PERF_TRACE_TIME_LO_MASK);
        } else {
            loss_count_ = loss_count_ + dropped < kCountMax ? loss_count_ + dropped : kCountMax;
        }
    }
    ev_pending_ = rec_b;
    slot_pending_ = rec_r || (slot && brec);
}

// The event of a write accepted in this cycle, if it is one.
PerfModel::TraceEv PerfModel::trace_bus_event(uint32_t word, uint32_t data) const {
    TraceEv e;
    unsigned n, reg;
    if (word >= PERF_REG_TRACE_ENTER / 4 && word <= PERF_REG_TRACE_IRQ_EXIT / 4) {
        static const unsigned types[] = {PERF_TRACE_ENTER, PERF_TRACE_EXIT, PERF_TRACE_IRQ_ENTER,
                                         PERF_TRACE_IRQ_EXIT};
        e = {true, types[word - PERF_REG_TRACE_ENTER / 4], data};
    } else if (section_reg(word, &n, &reg) && n != 0 && (reg == PERF_REG_TIME_LO(0) || reg == PERF_REG_TIME_HI(0))) {
        e = {true, reg == PERF_REG_TIME_HI(0) ? PERF_TRACE_BEGIN : PERF_TRACE_END, n};
    }
    return e;
}

// TRACE_CTRL written with byte lane 0, at the edge after the cycle's events.
void PerfModel::trace_ctrl_write(uint32_t data) {
    const bool en = data & PERF_TRACE_CTRL_ENABLE_MASK;
    if (en && !en_)
        force_sync_ = true;
    en_ = en;
    ovw_ = data & PERF_TRACE_CTRL_OVERWRITE_MASK;
    if (data & PERF_TRACE_CTRL_CLEAR_MASK)
        trace_clear();
}

// The retire tap's registers, as in the cycle of the read; *mask: the bits
// the model knows (the histogram's SAT only when it is idle).
uint32_t PerfModel::retire_read(uint32_t word, uint32_t *mask) const {
    *mask = ~0u;
    if (!rt_.retire)
        return 0;
    if (word == PERF_REG_RETIRE_CTRL / 4)
        return calls_;
    if (trig_) {
        if (word == PERF_REG_TRIG_SEL / 4)
            return trig_->sel();
        if (word == PERF_REG_TRIG_START / 4)
            return trig_->start();
        if (word == PERF_REG_TRIG_END / 4)
            return trig_->end();
        if (word == PERF_REG_TRIG_LOST / 4)
            return trig_->lost();
    }
    if (hist_) {
        const HistModel &h = *hist_;
        if (word == PERF_REG_HIST_CTRL / 4) {
            if (!h.idle())
                *mask = ~PERF_HIST_CTRL_SAT_MASK;
            return (h.run() ? PERF_HIST_CTRL_RUN_MASK : 0) | (h.busy() ? PERF_HIST_CTRL_BUSY_MASK : 0) |
                   (h.sat() ? PERF_HIST_CTRL_SAT_MASK : 0) | (h.data_valid() ? PERF_HIST_CTRL_DATA_VALID_MASK : 0);
        }
        if (word == PERF_REG_HIST_BASE / 4)
            return h.base();
        if (word == PERF_REG_HIST_CFG / 4)
            return h.shift() << PERF_HIST_CFG_SHIFT_SHIFT | h.k() << PERF_HIST_CFG_K_SHIFT;
        if (word == PERF_REG_HIST_INDEX / 4)
            return h.index();
        if (word == PERF_REG_HIST_DATA / 4)
            return h.data();
    }
    return 0;
}

uint32_t PerfModel::trace_read(uint32_t word) const {
    if (!tdepth_)
        return 0;
    if (word == PERF_REG_TRACE_STATUS / 4)
        return (uint32_t)fifo_.size() << PERF_TRACE_STATUS_LEVEL_SHIFT |
               (uint32_t)(high_ - fifo_.size()) << PERF_TRACE_STATUS_GAP_SHIFT;
    if (word == PERF_REG_TRACE_DROPS / 4)
        return drops_ << PERF_TRACE_DROPS_COUNT_SHIFT | (uint32_t)en_ << PERF_TRACE_DROPS_ENABLE_SHIFT |
               (uint32_t)ovw_ << PERF_TRACE_DROPS_OVERWRITE_SHIFT;
    if (word == PERF_REG_TRACE_POP_HI / 4)
        return latch_hi_;
    return 0;
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
               (nsec_ << PERF_CONFIG_SECTIONS_SHIFT) | (tlog_ << PERF_CONFIG_TRACE_SHIFT) |
               (hlog_ << PERF_CONFIG_HIST_SHIFT) | ((unsigned)rt_.retire << PERF_CONFIG_RETIRE_SHIFT) |
               (rt_.triggers << PERF_CONFIG_TRIGGERS_SHIFT);
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
        latch_mask_ = ~0u;
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
    if (tdepth_ && word == PERF_REG_TRACE_POP_LO / 4)
        return true;
    if (word >= kSectionWords)
        return false;
    const unsigned n = word / kWordsPerSection;
    const unsigned reg = (word % kWordsPerSection) * 4;
    if (n > nsec_ || reg == PERF_REG_RSVD(0))
        return false;
    return !(reg == PERF_REG_TIME_HI(0) && latch_valid_ && latch_sec_ == n);
}

// The stall was not high exactly until the cycle the next request may be
// accepted.
void PerfModel::stall_error(uint64_t cycle_no, bool stall) {
    protocol_error(cycle_no, std::string("stall ") + (stall ? "high" : "low") + ", expected " +
                                 (stall ? "low" : "high"));
}

// The edges of the quiet cycles cycle() left to this: the run flags were
// the same in all of them, so each running counter moved on by their
// number, and one that passed 2^64 on the way set its flag at that edge
// (G's sets every flag), as tick() would have.
void PerfModel::catch_up() {
    const uint64_t k = lag_;
    lag_ = 0;
    if (k == 0 || !sec_[0].run)
        return;
    uint64_t wrap_edges[PERF_MAX_SECTIONS + 1];  // distinct, each 1..k
    unsigned wraps = 0;
    for (unsigned n = 0; n <= nsec_; n++) {
        if (!sec_[n].run)
            continue;
        const uint64_t t = sec_[n].time;
        const uint64_t edge = 0 - t;  // the edge that takes t to 0: 2^64 - t
        if (t != 0 && edge <= k) {
            ovf_ |= (uint8_t)(n == 0 ? present_ : 1u << n);
            unsigned i = 0;
            while (i < wraps && wrap_edges[i] != edge)
                i++;
            if (i == wraps)
                wrap_edges[wraps++] = edge;
        }
        sec_[n].time = t + k;
    }
    wraps_seen_ += wraps;
}

// cycle(), in full: any cycle, with or without the retire tap.
bool PerfModel::cycle_any(uint64_t cycle_no, const PerfBusSample &s) {
    bool rt_busy = false;
    rt_now_ = false;
    if (rt_.retire) {
        if (s.rt_firing || s.rt_trap) {
            rt_now_ = decoder_.cycle(s.rt_firing, s.rt_pc, s.rt_insn, s.rt_trap, &rt_ev_);
            rt_busy = (rt_now_ && calls_ && tdepth_) || (s.rt_firing && trig_armed_);
        }
        rt_busy = rt_busy || slot_pending_ || (hist_ && !hist_->data_valid()) ||
                  (trig_ && (trig_->stall() || cycle_no == go_step_at_));
    }
    if (!settled_ || s.ack || (s.cyc && s.stb && !s.stall) || s.reset || s.trace_valid || rt_busy) {
        const bool good = busy_cycle(cycle_no, s);
        // Only a busy cycle moves these, so a quiet one tests one flag.
        settled_ = !pending_ && fifo_.empty() && !pop_due_ && !ev_pending_ && !loss_;
        set_quiet_from();
        return good;
    }
    if (hist_ && s.rt_firing) {
        hist_replay_ = true;
        hist_replay_pc_ = s.rt_pc;
    }
    check_stall(cycle_no, s.stall);
    set_quiet_from();
    taken_ = false;
    lag_++;
    return ok();
}

bool PerfModel::busy_cycle(uint64_t cycle_no, const PerfBusSample &s) {
    catch_up();
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
                if ((s.rdata ^ pending_value_) & pending_mask_)
                    fail(cycle_no, pending_word_, pending_value_, s.rdata);
            }
            pending_ = false;
        }
    } else if (pending_ && cycle_no == ack_at_) {
        protocol_error(cycle_no, "no ack for the request accepted at cycle " +
                                     std::to_string(accepted_at_));
    }
    check_stall(cycle_no, s.stall);

    // The trace unit before the edge: what the port shows, what the
    // registers read, the level every decision at the edge counts.
    const bool accepted = s.cyc && s.stb && !s.stall;
    const uint32_t req_word = s.addr & 0x3f;
    const uint32_t trace_value = trace_read(req_word);
    uint32_t rt_mask;
    const uint32_t rt_value = retire_read(req_word, &rt_mask);
    level0_ = fifo_.size();
    taken_ = false;
    const bool pop_step = pop_due_;
    const bool visible = trace_visible(cycle_no);
    const bool valid = tdepth_ && visible && !pop_step;
    if (s.trace_valid != valid)
        trace_fail(cycle_no, std::string("o_trace_valid ") + (s.trace_valid ? "high" : "low") + ", expected " +
                                 (valid ? "high" : "low") + " (" + std::to_string(fifo_.size()) +
                                 " records in the FIFO)");
    else if (valid && ((s.trace_data ^ fifo_.front().data) & record_mask(fifo_.front().data)))
        trace_fail(cycle_no, "record " + std::to_string(records_checked_) + " expected " +
                                 rec_str(fifo_.front().data) + " got " + rec_str(s.trace_data));
    else if (valid && s.trace_ready) {
        taken_ = true;
        taken_rec_ = fifo_.front().data;
        records_checked_++;
        fifo_.pop_front();
    }
    if (pop_step) {
        // POP_LO's step: the head's word 0 goes to the ack, word 1 to the latch.
        pop_due_ = false;
        if (visible) {
            pending_value_ = (uint32_t)fifo_.front().data;
            latch_hi_ = (uint32_t)(fifo_.front().data >> 32);
            latch_mask_ = (uint32_t)(record_mask(fifo_.front().data) >> 32);
            fifo_.pop_front();
        } else {
            pending_value_ = 0;
            latch_hi_ = kPopEmpty;  // and bits 27:0 undefined
            latch_mask_ = kPopEmpty;
        }
    }

    if (s.reset) {
        // Counters and flags clear at this edge, the RAM clear stalls the
        // next eight cycles, and an outstanding request is dropped.
        reset_state();
        trace_reset();
        pending_ = false;
        ready_known_ = true;
        ready_at_ = cycle_no + 9;
        clear_end_ = cycle_no + 9;
        decoder_ = RetireDecoder();
        calls_ = false;
        if (hist_) {
            hist_->reset();
            hist_replay_ = false;
        }
        if (trig_) {
            trig_->reset();
            trig_armed_ = 0;
            go_step_at_ = UINT64_MAX;
        }
        return ok();
    }
    // Dropping CYC aborts a request whose ack has not come: none will.
    if (pending_ && !s.cyc && cycle_no < ack_at_) {
        pending_ = false;
        ready_at_ = cycle_no + 1;
    }

    // The retire tap's parts at this edge: the histogram and the triggers
    // take this cycle's retire and register writes; a trigger's go acts
    // in this cycle as a section write accepted in it would.
    const uint32_t word = req_word;
    const bool ctrl_wr = accepted && s.we && word >= PERF_REG_ID / 4;
    bool go = false, go_begin = false;
    unsigned go_sec = 0;
    if (hist_) {
        if (hist_replay_) {
            HistInputs r;
            r.firing = true;
            r.pc = hist_replay_pc_;
            hist_->cycle(r);
            hist_replay_ = false;
        }
        HistInputs in;
        in.firing = s.rt_firing;
        in.pc = s.rt_pc;
        in.wdata = s.wdata;
        in.ctrl_we = ctrl_wr && word == PERF_REG_HIST_CTRL / 4;
        in.base_we = ctrl_wr && word == PERF_REG_HIST_BASE / 4;
        in.cfg_we = ctrl_wr && word == PERF_REG_HIST_CFG / 4;
        in.index_we = ctrl_wr && word == PERF_REG_HIST_INDEX / 4;
        in.data_rd = accepted && !s.we && word == PERF_REG_HIST_DATA / 4;
        hist_->cycle(in);
    }
    if (trig_) {
        go = trig_->go();
        go_sec = trig_->go_sec();
        go_begin = trig_->go_begin();
        TrigModel::In in;
        in.firing = s.rt_firing;
        in.pc = s.rt_pc;
        in.ram_busy = cycle_no < clear_end_;
        in.data = s.wdata;
        in.lane0 = s.sel & 1;
        const unsigned sel = trig_->sel();
        if (ctrl_wr) {
            if (word == PERF_REG_TRIG_SEL / 4)
                in.write = TrigModel::In::Sel;
            else if (word == PERF_REG_TRIG_START / 4)
                in.write = TrigModel::In::Start;
            else if (word == PERF_REG_TRIG_END / 4)
                in.write = TrigModel::In::End;
            else if (word == PERF_REG_TRIG_LOST / 4)
                in.write = TrigModel::In::Lost;
        }
        trig_->edge(in);
        if (in.write == TrigModel::In::Start && sel >= 1 && sel <= rt_.triggers)
            trig_armed_ = (uint8_t)((trig_armed_ & ~(1u << sel)) | (s.wdata & 1u) << sel);
        if (go) {
            go_step_at_ = cycle_no + 1;
            rt_stats_.goes++;
        }
    }

    // The edge that ends this cycle: counters tick with the run flags the
    // cycle had, then an access accepted in this cycle takes effect.
    const uint64_t g = sec_[0].time;
    uint8_t set = tick();

    // The trace unit's events: the bus's (a write accepted, or a trigger's
    // go), then the retire tap's.
    TraceEv bus_ev, rt_ev;
    bool reset_cmd = false;
    if (go) {
        const uint32_t sec_word = (go_begin ? PERF_REG_TIME_HI(go_sec) : PERF_REG_TIME_LO(go_sec)) / 4;
        set |= apply_write(sec_word, 0, 0xf);
        bus_ev = trace_bus_event(sec_word, 0);
    }
    if (accepted) {
        if (pending_)
            protocol_error(cycle_no, "request accepted before the previous one was acknowledged");
        const bool slow = !s.we && slow_read(word);
        reset_cmd = s.we && word == 0 && (s.sel & 1) && (s.wdata & 1);
        pending_ = true;
        accepted_at_ = cycle_no;
        ack_at_ = cycle_no + (slow ? 2 : 1);
        ready_known_ = true;
        ready_at_ = cycle_no + (reset_cmd ? 9 : slow ? 3 : 2);
        pending_word_ = word;
        pending_is_read_ = !s.we;
        pending_mask_ = ~0u;
        if (s.we) {
            writes_seen_++;
            set |= apply_write(word, s.wdata, s.sel);
            if (reset_cmd) {
                set = 0;
                clear_end_ = cycle_no + 9;
            }
            if (tdepth_)
                bus_ev = trace_bus_event(word, s.wdata);
        } else if (tdepth_ && word >= PERF_REG_TRACE_CTRL / 4 && word <= PERF_REG_TRACE_POP_HI / 4) {
            pending_value_ = trace_value;
            if (word == PERF_REG_TRACE_POP_HI / 4)
                pending_mask_ = latch_mask_;
            if (word == PERF_REG_TRACE_POP_LO / 4) {
                pop_due_ = true;
                latch_valid_ = false;  // the latch is POP_HI's now
            }
        } else if (rt_.retire && word >= PERF_REG_RETIRE_CTRL / 4) {
            pending_value_ = rt_value;
            pending_mask_ = rt_mask;
            rt_stats_.hist_reads += word >= PERF_REG_HIST_CTRL / 4 && word <= PERF_REG_HIST_DATA / 4;
        } else {
            ovf_ |= set;  // a read returns the flags as after this edge
            pending_value_ = predict_read(word);
        }
    }
    const bool rt_raw = rt_now_ && calls_ && tdepth_;
    if (rt_raw)
        rt_ev = {true, rt_ev_.type, rt_ev_.data};
    if (tdepth_)
        trace_cycle(cycle_no, g, bus_ev, rt_ev, accepted || go, rt_raw);
    // Then the writes that change what the next cycle's events find.
    if (tdepth_ && ctrl_wr && word == PERF_REG_TRACE_CTRL / 4 && (s.sel & 1))
        trace_ctrl_write(s.wdata);
    if (reset_cmd) {
        force_sync_ = true;  // G starts again from its reset value
        rolled_ = true;
    }
    if (rt_.retire && ctrl_wr && word == PERF_REG_RETIRE_CTRL / 4 && (s.sel & 1))
        calls_ = s.wdata & PERF_RETIRE_CTRL_CALLS_MASK;
    if (fifo_.size() > high_)
        high_ = (unsigned)fifo_.size();
    // A flag set in the cycle a write clears it stays set.
    ovf_ |= set;
    wraps_seen_ += set != 0;
    return ok();
}
