/* SPDX-License-Identifier: Apache-2.0 */
// The hardware flat profile (rtl/perfscope_hist.v) as the harness's oracle
// computes it: the same histogram, cycle for cycle, from the same inputs.
//
// The histogram has BUCKETS words: words 0 .. BUCKETS-2 are PC buckets,
// word BUCKETS-1 is OUTSIDE. Each cycle the model is given what the RTL
// sees: whether an instruction retires and its address
// (soc/vexriscv_retire.py), and the register accesses of that cycle.
// Cycle c is charged to bucket b = (P(c) - BASE) >> (SHIFT + 2), P(c) the
// last PC retired at or before c, when b < BUCKETS - 1; otherwise, or when
// no instruction retired since reset or since the last accepted BASE
// write, to OUTSIDE. Only cycles in which RUN is 1 are charged: a start
// written in cycle S and a stop in cycle T count S+1 .. T; with K > 0 only
// S+1, S+1+2^K, ... of them. Counts saturate at all ones.
//
// The model charges at once; the RTL's words and SAT are the same
// whenever RUN and BUSY are both 0 (the RTL writes a run back up to four
// cycles after the stop). RUN, BUSY, INDEX, BASE, SHIFT, K, DATA_VALID and
// DATA are the RTL's in every cycle, DATA as the register map gives it
// (0 when DATA_VALID is 0). The rules for misuse (writes ignored while
// RUN or BUSY, a DATA read without DATA_VALID not stepping INDEX) are the
// module header's.
#ifndef HIST_MODEL_H
#define HIST_MODEL_H

#include <cstdint>
#include <vector>

// One cycle's inputs, as the RTL's ports.
struct HistInputs {
    bool firing = false;   // i_rt_firing
    uint32_t pc = 0;       // i_rt_pc
    uint32_t wdata = 0;    // i_wdata
    bool ctrl_we = false;  // CTRL: ENABLE bit 0, CLEAR bit 1
    bool base_we = false;
    bool cfg_we = false;   // SHIFT bits 2:0, K bits 10:8
    bool index_we = false;
    bool data_rd = false;  // a DATA read: INDEX advances if DATA_VALID
};

class HistModel {
public:
    static constexpr unsigned kDrainCycles = 4;  // BUSY after a stop

    explicit HistModel(unsigned buckets = 1024, unsigned count_bits = 32)
        : words_(buckets), max_(count_bits >= 32 ? 0xffffffffu : (1u << count_bits) - 1u), mem_(buckets, 0) {
        reset();
    }

    // A cycle with i_reset high (its other inputs are ignored).
    void reset() {
        run_ = seen_ = false;
        base_ = 0;
        shift_ = k_ = 0;
        phase_ = 0;
        index_ = 0;
        drain_left_ = 0;
        start_clear();
    }

    // The values the registers read in this cycle, before its edge.
    bool run() const { return run_; }
    bool busy() const { return clear_left_ != 0 || drain_left_ != 0; }
    bool idle() const { return !run_ && !busy(); }
    bool data_valid() const { return idle() && fresh_; }
    uint32_t base() const { return base_; }
    unsigned shift() const { return shift_; }
    unsigned k() const { return k_; }
    unsigned index() const { return index_; }
    uint32_t data() const { return data_valid() ? mem_[index_] : 0; }
    // Final when idle(), as SAT.
    uint32_t word(unsigned i) const { return mem_[i]; }
    uint32_t outside() const { return mem_[words_ - 1]; }
    bool sat() const { return sat_; }
    unsigned words() const { return words_; }
    unsigned outside_index() const { return words_ - 1; }
    uint32_t max_count() const { return max_; }
    // The word a charge in this cycle would go to, were no instruction to
    // retire in it.
    unsigned last_word() const {
        if (seen_) {
            const uint32_t bucket = (last_pc_ - base_) >> (shift_ + 2);
            if (bucket < words_ - 1)
                return bucket;
        }
        return words_ - 1;
    }
    // Since the last CLEAR (or reset): cycles with RUN 1, and the charges.
    uint64_t run_cycles() const { return run_cycles_; }
    uint64_t charges() const { return charges_; }

    // One clock cycle with these inputs: charges it, then takes the edge.
    void cycle(const HistInputs &in) {
        const bool idle_now = idle(), valid_now = data_valid();
        const bool ctrl_enable = in.wdata & 1u, ctrl_clear = in.wdata & 2u;
        const bool start = in.ctrl_we && idle_now && ctrl_enable && !ctrl_clear;
        const bool clear = in.ctrl_we && idle_now && ctrl_clear;
        const bool stop = in.ctrl_we && run_ && !ctrl_enable;
        const bool step = in.data_rd && valid_now;

        // The charge: P(c) includes this cycle's retire.
        if (in.firing) {
            last_pc_ = in.pc;
            seen_ = true;
        }
        if (run_) {
            run_cycles_++;
            const uint32_t mask = (1u << k_) - 1u;
            if ((phase_ & mask) == 0)
                charge();
            phase_ = (phase_ + 1) & 0x7fu;
        }

        // Register writes, taken only when idle.
        if (idle_now && in.base_we) {
            base_ = in.wdata & ~3u;
            seen_ = false;
        }
        if (idle_now && in.cfg_we) {
            shift_ = in.wdata & 7u;
            k_ = in.wdata >> 8 & 7u;
        }
        if (start)
            phase_ = 0;

        // INDEX: the CLEAR's sweep, a write, or a DATA read's step.
        const unsigned imask = words_ - 1u;
        const bool clearing = clear_left_ != 0;
        if (clearing)
            index_ = (index_ + 1) & imask;
        else if (in.index_we)
            index_ = in.wdata & imask;
        else if (step)
            index_ = (index_ + 1) & imask;
        fresh_ = !(clear || clearing || step || in.index_we);

        if (clear_left_ != 0)
            clear_left_--;
        if (drain_left_ != 0)
            drain_left_--;
        if (clear)
            start_clear();
        if (stop)
            drain_left_ = kDrainCycles;
        run_ = start || (run_ && !stop);
    }

private:
    void start_clear() {
        for (uint32_t &m : mem_)
            m = 0;
        sat_ = false;
        index_ = 0;
        fresh_ = false;
        clear_left_ = words_;
        run_cycles_ = charges_ = 0;
    }

    void charge() {
        charges_++;
        const unsigned word = last_word();
        if (mem_[word] == max_)
            sat_ = true;
        else
            mem_[word]++;
    }

    unsigned words_;
    uint32_t max_;
    std::vector<uint32_t> mem_;
    bool sat_ = false;
    bool run_ = false, seen_ = false, fresh_ = false;
    uint32_t last_pc_ = 0, base_ = 0;
    unsigned shift_ = 0, k_ = 0;
    uint32_t phase_ = 0;
    unsigned index_ = 0;
    unsigned clear_left_ = 0, drain_left_ = 0;
    uint64_t run_cycles_ = 0, charges_ = 0;
};

#endif
