/* SPDX-License-Identifier: Apache-2.0 */
// The trigger addresses of perfscope's retire tap (rtl/perfscope_trig.v,
// docs/retire.md), cycle for cycle, written from the datasheet's rules:
//
//   - Sections 1..TRIGGERS each have a start and an end address and one ARM
//     bit for both (TRIG_START bit 0), reached through TRIG_SEL.
//   - A retire in cycle R whose address is an armed start or end address is
//     a hit. The bus is held in R+1 and R+2, and in R+2 the hit acts: it
//     BEGINs (start) or ENDs (end) its section as a write accepted in R+2
//     would.
//   - One hit acts per retire: the lowest section's, END before BEGIN within
//     a section. TRIG_LOST counts, saturating at 2^16 - 1, each retire with
//     a hit that did not act: a second match, a hit in R+1 after a hit in R,
//     and a hit whose R+1 falls in perfscope's RAM clear (after a reset or
//     RESET).
//
// rtl/tb/trig_tb.cpp compares the RTL with this model in every cycle; the
// reference model (sim/perf_model.cpp) uses it for the IP's sections.
#ifndef TRIG_MODEL_H
#define TRIG_MODEL_H

#include <cstdint>

class TrigModel {
public:
    explicit TrigModel(unsigned triggers) : n_(triggers) { reset(); }

    void reset() {
        sel_ = 0;
        for (unsigned i = 0; i < 8; i++)
            arm_[i] = false;
        lost_ = 0;
        pend_ = go_ = false;
    }

    // The outputs in this cycle, before its edge.
    bool stall() const { return pend_ || go_; }
    bool go() const { return go_; }           // a BEGIN or END acts in this cycle ...
    unsigned go_sec() const { return go_sec_; }  // ... of this section ...
    bool go_begin() const { return go_begin_; }  // ... BEGIN if true

    uint32_t sel() const { return sel_; }
    uint32_t start() const { return sel_ok() ? (start_[sel_] & ~1u) | (arm_[sel_] ? 1u : 0u) : 0; }
    uint32_t end() const { return sel_ok() ? end_[sel_] & ~1u : 0; }
    uint32_t lost() const { return lost_; }

    // What happens in this cycle, applied at its edge.
    struct In {
        bool firing = false;  // an instruction retires ...
        uint32_t pc = 0;      // ... at this address
        bool ram_busy = false;  // perfscope clears its RAM in this cycle
        // At most one register write (the bus takes one request a cycle).
        enum Write { None, Sel, Start, End, Lost } write = None;
        uint32_t data = 0;
        bool lane0 = true;  // byte lane 0 enabled (TRIG_SEL needs it)
    };

    void edge(const In &in) {
        // The hit of this retire, from the registers before the edge.
        bool hit = false, more = false, begin = false;
        unsigned sec = 0;
        if (in.firing) {
            for (unsigned s = 1; s <= n_; s++) {
                if (!arm_[s])
                    continue;
                const bool e = (in.pc >> 1) == (end_[s] >> 1), b = (in.pc >> 1) == (start_[s] >> 1);
                if (!e && !b)
                    continue;
                if (hit || (e && b))
                    more = true;
                if (!hit) {
                    hit = true;
                    sec = s;
                    begin = !e;
                }
            }
        }
        const bool take = hit && !pend_;
        const bool lost = (hit && (more || pend_)) || (pend_ && in.ram_busy);
        if (lost && lost_ < 0xffff)
            lost_++;

        if (pend_) {
            go_sec_ = pend_sec_;
            go_begin_ = pend_begin_;
        }
        go_ = pend_ && !in.ram_busy;
        pend_ = take;
        if (take) {
            pend_sec_ = sec;
            pend_begin_ = begin;
        }

        switch (in.write) {
        case In::Sel:
            if (in.lane0)
                sel_ = in.data & 7;
            break;
        case In::Start:
            if (sel_ok()) {
                start_[sel_] = in.data & ~1u;
                arm_[sel_] = in.data & 1;
            }
            break;
        case In::End:
            if (sel_ok())
                end_[sel_] = in.data & ~1u;
            break;
        case In::Lost:
            lost_ = 0;
            break;
        case In::None:
            break;
        }
    }

private:
    bool sel_ok() const { return sel_ >= 1 && sel_ <= n_; }

    unsigned n_;
    uint32_t sel_ = 0;
    uint32_t start_[8] = {}, end_[8] = {};
    bool arm_[8] = {};
    uint32_t lost_ = 0;
    bool pend_ = false, pend_begin_ = false, go_ = false, go_begin_ = false;
    unsigned pend_sec_ = 0, go_sec_ = 0;
};

#endif
