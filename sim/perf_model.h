/* SPDX-License-Identifier: Apache-2.0 */
// Reference model of the perfscope IP, independent of its RTL.
//
// The harness feeds it perfscope's Wishbone port once per clock cycle, as the
// signals are just before the rising edge. The model applies every accepted
// access at the cycle it takes effect (docs/datasheet.md, "Semantics"),
// predicts every counter, and checks every value the slave returns on an
// acknowledge, and the bus timing of the datasheet's table: the cycle of
// every acknowledge and the cycles the slave stalls. The first mismatch is
// kept with its cycle, register, expected and actual value.
//
// For an IP with the retire tap (RETIRE) it follows the CPU's retire
// stream as the harness samples it: its own decoder of calls and returns
// (retire_decoder.h) feeds the trace unit's second source, its own
// histogram (hist_model.h) and trigger addresses (trig_model.h) answer
// their registers, and the triggers' section commands and bus holds are
// predicted like the bus's own.
#ifndef PERF_MODEL_H
#define PERF_MODEL_H

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "hist_model.h"
#include "retire_decoder.h"
#include "trig_model.h"

struct PerfBusSample {
    bool cyc, stb, we, stall, ack;
    uint32_t addr;   // word offset inside the 256-byte window, 0..63
    uint32_t wdata;  // i_wb_data
    uint32_t rdata;  // o_wb_data, meaningful when ack is set
    uint8_t sel;     // i_wb_sel
    bool reset = false;  // i_reset; a harness that never resets the IP after
                         // the model starts may leave it out
    // The trace stream (docs/trace.md): o_trace_valid, o_trace_data and
    // i_trace_ready as in this cycle. A harness of an IP without the unit
    // leaves them 0.
    bool trace_valid = false;
    bool trace_ready = false;
    uint64_t trace_data = 0;
    // The CPU's retire stream (docs/retire.md), as the harness reads it from
    // the CPU itself (sim/retire_oracle.h), for an IP built with RETIRE; a
    // harness of an IP without the tap leaves them 0.
    bool rt_firing = false;  // an instruction retires in this cycle ...
    uint32_t rt_pc = 0;      // ... at this address ...
    uint32_t rt_insn = 0;    // ... with this code
    bool rt_trap = false;    // the CPU jumps to its trap vector
};

// The IP's retire tap, as its CONFIG register says (docs/retire.md).
struct PerfRetireConfig {
    bool retire = false;        // RETIRE: the tap is built
    unsigned hist_buckets = 0;  // HIST_BUCKETS (0: no histogram)
    unsigned triggers = 0;      // TRIGGERS: sections 1..triggers take trigger addresses
};

class PerfModel {
public:
    // trace_depth: the IP's TRACE_DEPTH (0: no trace unit); rt: its retire tap.
    explicit PerfModel(unsigned num_sections, unsigned trace_depth = 0, PerfRetireConfig rt = PerfRetireConfig());

    // What a reset loads into G and into every occurrence count: 0, except
    // in test builds of the IP with PERFSCOPE_TEST_PRELOAD, where the
    // testbench gives the same values to the IP's i_test_* ports.
    void set_reset_values(uint64_t gtime, uint32_t occ);

    // One clock cycle. Returns false once any mismatch has been seen.
    //
    // Most cycles of a run are quiet: no request accepted or awaiting its
    // ack, no record in the FIFO or on its way there, no reset. In those
    // the full model would only check that the slave neither stalls out of
    // turn nor acks nor shows a record, and tick the counters; this checks
    // the same and leaves the ticks to the next busy cycle, which applies
    // them all at once (catch_up()), so that a long run spends its time in
    // the design instead of in the model. Without the retire tap the test
    // is inline, below; cycle_any() makes it in every other case.
    //
    // With the retire tap, a quiet cycle also has no event of the decoder
    // while CALLS and the trace unit could take it, no retire at an armed
    // trigger address and no trigger pending, and a histogram that is idle
    // with its DATA valid; a retire in it only moves the histogram's last
    // PC, which the next busy cycle gives it first (hist_replay_).
    bool cycle(uint64_t cycle_no, const PerfBusSample &s) {
        // One compare and one test of the bus: quiet_from_ folds in all the
        // model's state that a quiet cycle depends on, and a quiet cycle
        // expects the slave to show nothing, STALL included.
        if (cycle_no >= quiet_from_ && !(s.ack | s.cyc | s.reset | s.trace_valid | s.stall)) {
            taken_ = false;
            lag_++;
            return true;
        }
        return cycle_any(cycle_no, s);
    }

    bool ok() const { return error_.empty(); }
    const std::string &error() const { return error_; }
    uint64_t reads_checked() const { return reads_checked_; }
    uint64_t writes_seen() const { return writes_seen_; }
    uint64_t wraps_seen() {  // cycles in which a counter wrapped
        catch_up();
        return wraps_seen_;
    }
    // The trace records that left through the stream port, each checked.
    uint64_t records_checked() const { return records_checked_; }
    // The record the port gave in the last cycle(), if it gave one.
    bool record_taken(uint64_t *rec) const {
        *rec = taken_rec_;
        return taken_;
    }
    // Nothing more leaves the port until the next event: no record in the
    // FIFO after the last cycle, and no LOSS waiting to be written.
    bool trace_drained() const { return fifo_.empty() && !loss_; }
    uint64_t trace_drops() const { return drops_; }
    // What the retire tap did, for a harness's report: the decoder's events
    // the trace unit took (recorded and dropped), those in the cycle of a
    // bus event, those whose record waited behind the bus's, the SYNCs of
    // the period that waited, the triggers' section commands, the
    // histogram's registers read.
    struct RetireStats {
        uint64_t recorded = 0, dropped = 0, with_bus = 0, late = 0, sync_waited = 0, goes = 0, hist_reads = 0;
    };
    const RetireStats &retire_stats() const { return rt_stats_; }

private:
    struct Section {
        bool run = false;
        uint64_t time = 0;
        uint32_t occ = 0;
    };
    void reset_state();
    uint8_t tick();  // returns the overflow flags the tick sets
    uint8_t apply_write(uint32_t word, uint32_t data, uint8_t sel);
    uint32_t predict_read(uint32_t word);
    bool section_reg(uint32_t word, unsigned *n, unsigned *reg) const;
    bool slow_read(uint32_t word) const;
    void fail(uint64_t cycle_no, uint32_t word, uint32_t expected, uint32_t got);
    void protocol_error(uint64_t cycle_no, const std::string &what);
    // A trigger holds the bus while its hit is pending and goes, and in the
    // step after its go.
    void check_stall(uint64_t cycle_no, bool stall) {
        if (ready_known_ && stall != (cycle_no < ready_at_ || (trig_ && (trig_->stall() || cycle_no == go_step_at_))))
            stall_error(cycle_no, stall);
    }
    void stall_error(uint64_t cycle_no, bool stall);
    bool cycle_any(uint64_t cycle_no, const PerfBusSample &s);
    // Without the retire tap, once settled and without a mismatch, every
    // cycle from the slave's ready cycle on in which it shows nothing is
    // quiet: no state of the model but lag_ moves until the next busy one.
    void set_quiet_from() {
        quiet_from_ = (settled_ && !rt_.retire && ok()) ? (ready_known_ ? ready_at_ : 0) : UINT64_MAX;
    }
    bool busy_cycle(uint64_t cycle_no, const PerfBusSample &s);
    void catch_up();
    uint64_t lag_ = 0;         // quiet cycles whose edges have not ticked yet

    unsigned nsec_;
    uint8_t present_;          // bit n: section n exists
    uint64_t reset_gtime_ = 0;
    uint32_t reset_occ_ = 0;
    Section sec_[8];           // [0] is the global pair
    uint8_t ovf_ = 0;          // OVF: sticky overflow flags
    uint32_t latch_mask_ = ~0u; // the latch's bits the model knows (not a SYNC's reserved ones)
    bool latch_valid_ = false; // TIME_HI latch set by a TIME_LO read; its word is
                               // also TRACE_POP_HI's, set by a TRACE_POP_LO read
    unsigned latch_sec_ = 0;
    uint32_t latch_hi_ = 0;
    bool pending_ = false;     // an accepted request awaits its ack ...
    uint64_t accepted_at_ = 0; // ... accepted in this cycle ...
    uint64_t ack_at_ = 0;      // ... due in this one
    uint32_t pending_word_ = 0;
    uint32_t pending_value_ = 0;
    uint32_t pending_mask_ = ~0u;  // the bits of the value the model knows
    bool pending_is_read_ = false;
    bool ready_known_ = false; // the model knows when the slave stalls:
    uint64_t ready_at_ = 0;    // from this cycle on it must not
    // The trace unit, as docs/trace.md describes it.
    struct Rec {
        uint64_t data;
        uint64_t written;  // the cycle whose edge wrote it
    };
    void trace_reset();
    void trace_clear();
    bool trace_visible(uint64_t cycle_no) const;
    void trace_write(uint64_t cycle_no, uint64_t rec);
    struct TraceEv {
        bool on = false;
        unsigned type = 0;
        uint32_t data = 0;
    };
    void trace_cycle(uint64_t cycle_no, uint64_t g, const TraceEv &bus, const TraceEv &rt, bool act, bool rt_raw);
    bool sync_due() const;
    TraceEv trace_bus_event(uint32_t word, uint32_t data) const;
    void trace_ctrl_write(uint32_t data);
    uint32_t retire_read(uint32_t word, uint32_t *mask) const;
    size_t level0_ = 0;        // the level before this cycle's edge
    uint32_t trace_read(uint32_t word) const;
    unsigned tdepth_;
    PerfRetireConfig rt_;
    unsigned tlog_ = 0;
    unsigned hlog_ = 0;        // log2(HIST_BUCKETS), 0 without the histogram
    std::deque<Rec> fifo_;
    bool en_ = false, ovw_ = false;
    unsigned high_ = 0;
    uint32_t drops_ = 0;       // saturating at 2^16 - 1, as loss_count_
    uint8_t depth_ = 0;
    unsigned wr_ptr_ = 0;      // records written since reset or CLEAR (the write pointer)
    unsigned period_bit_ = 0;  // the write pointer's bit whose change makes a SYNC due
    bool sblk_ = false;        // ... its value where the last SYNC went
    bool force_sync_ = true;
    bool rolled_ = true;       // the window is unknown (reset, RESET) ...
    uint64_t last_win_ = 0;    // ... or else the window G[52:21] of the last recorded event
    bool loss_ = false;        // a LOSS pending ...
    uint32_t loss_count_ = 0;  // ... of these records ...
    uint32_t loss_hi_ = 0;     // ... its word 1
    bool ev_pending_ = false;  // an event record written at the next edge
    uint64_t ev_rec_ = 0;
    bool slot_pending_ = false;  // a retire event's record waits for the port
    uint64_t slot_rec_ = 0;
    bool pop_due_ = false;     // a POP_LO's step in the next cycle
    bool settled_ = true;      // after the last busy cycle: none of pending_, fifo_, pop_due_, ev_pending_, loss_
    // From this cycle on, until the next cycle_any(), a cycle in which the
    // slave shows nothing is quiet and correct (UINT64_MAX: none is).
    uint64_t quiet_from_ = UINT64_MAX;
    bool taken_ = false;
    uint64_t taken_rec_ = 0;
    uint64_t records_checked_ = 0;
    void trace_fail(uint64_t cycle_no, const std::string &what);
    // The retire tap (docs/retire.md).
    RetireDecoder decoder_;
    bool rt_now_ = false;      // the decoder's event in this cycle ...
    RetireEvent rt_ev_{};      // ... this one
    bool calls_ = false;       // RETIRE_CTRL.CALLS
    std::unique_ptr<HistModel> hist_;
    bool hist_replay_ = false; // a retire in a quiet cycle the histogram has not seen ...
    uint32_t hist_replay_pc_ = 0;  // ... the last one's address
    std::unique_ptr<TrigModel> trig_;
    uint8_t trig_armed_ = 0;   // bit n: section n's trigger addresses are armed
    uint64_t go_step_at_ = UINT64_MAX;  // the cycle of a trigger's step after its go
    uint64_t clear_end_ = 0;   // the RAM clear runs in the cycles before this one
    RetireStats rt_stats_;
    uint64_t reads_checked_ = 0;
    uint64_t writes_seen_ = 0;
    uint64_t wraps_seen_ = 0;
    std::string error_;
};

#endif
