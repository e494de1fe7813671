/* SPDX-License-Identifier: Apache-2.0 */
// The harness's own view of the CPU's retire stream, for the reference
// model's check of perfscope's retire tap (docs/retire.md).
//
// It reads the CPU's signals itself, straight from the Verilated CPU: every
// VexRiscv variant of the pinned package marks lastStageIsFiring,
// lastStagePc, lastStageInstruction, CsrPlugin_hadException and
// CsrPlugin_interruptJump `/* verilator public */`, so they are found by
// name in the CPU's scope. That is independent of the ports
// soc/vexriscv_retire.py adds and of everything behind them, and the
// events come from sim/retire_decoder.h, not from the RTL's decoder.
//
// RetireRecorder writes those events as a trace stream (docs/trace.md's
// file format) with simulated cycles as its time, for +retire_file=: the
// exact calls of any program in simulation, with no instrumentation and no
// hardware, read by the host tool like the trace unit's stream.
#ifndef RETIRE_ORACLE_H
#define RETIRE_ORACLE_H

#include <cstdint>
#include <cstdio>
#include <string>

#include "retire_decoder.h"
#include "trace_file.h"
#include "verilated.h"
#include "verilated_syms.h"

// A scope of the Verilated model, by name, and a public signal in it;
// nullptr or false, with what is missing in *err, if there is none.
inline const VerilatedScope *find_scope(const VerilatedContext &ctx, const std::string &scope, std::string *err) {
    const VerilatedScope *s = ctx.scopeFind(scope.c_str());
    if (!s)
        *err = "no scope " + scope + " in the model";
    return s;
}

template <typename T>
bool find_signal(const VerilatedScope *s, const char *name, const T **at, std::string *err) {
    const VerilatedVar *v = s->varFind(name);
    if (!v) {
        *err = std::string("no public signal ") + name + " in " + s->name();
        return false;
    }
    *at = static_cast<const T *>(v->datap());
    return true;
}

class RetireOracle {
public:
    // Finds the signals in the scope named (e.g. "TOP.soc_sim_top.u_soc.u_cpu");
    // false, with what is missing in *err, if it cannot.
    bool attach(const VerilatedContext &ctx, const std::string &scope, std::string *err) {
        const VerilatedScope *s = find_scope(ctx, scope, err);
        return s && find_signal(s, "lastStageIsFiring", &firing_, err) && find_signal(s, "lastStagePc", &pc_, err) &&
               find_signal(s, "lastStageInstruction", &insn_, err) &&
               find_signal(s, "CsrPlugin_hadException", &exception_, err) &&
               find_signal(s, "CsrPlugin_interruptJump", &interrupt_, err);
    }

    // This cycle's signals, as they are after the edge that starts it.
    bool firing() const { return *firing_; }
    uint32_t pc() const { return *pc_; }
    uint32_t insn() const { return *insn_; }
    bool trap() const { return *exception_ || *interrupt_; }

    // True if this cycle's signals end an event, put in *ev.
    bool cycle(RetireEvent *ev) {
        return decoder_.cycle(*firing_, *pc_, *insn_, *exception_ || *interrupt_, ev);
    }

private:
    const CData *firing_ = nullptr, *exception_ = nullptr, *interrupt_ = nullptr;
    const IData *pc_ = nullptr, *insn_ = nullptr;
    RetireDecoder decoder_;
};

// The events as records, as the trace unit makes them (docs/trace.md): a
// SYNC first, and again when the time leaves the SYNC's window or after
// PERF_TRACE_SYNC_PERIOD records; each record carries the depth before its
// event (a call's ENTER adds one, an EXIT takes one off, a jump changes
// nothing, all mod 256).
class RetireRecorder {
public:
    explicit RetireRecorder(FILE *f) : f_(f) { trace_file_header(f_); }

    // The end of the recording, at time: an END of section 0, which is no
    // section, so that the calls still open (main's, _exit's) are counted
    // up to it.
    void end(uint64_t time) { record(time, PERF_TRACE_END, 0); }

    void event(uint64_t time, const RetireEvent &e) {
        record(time, e.type, e.data);
        if (e.type == PERF_TRACE_EXIT)
            depth_ = (depth_ - 1) & kDepthMask;
        else if (e.type == PERF_TRACE_ENTER && !(e.data & PERF_TRACE_RETIRE))
            depth_ = (depth_ + 1) & kDepthMask;
    }

private:
    void record(uint64_t time, unsigned type, uint32_t data) {
        const uint64_t window = time >> kTimeLoBits;
        if (since_ == 0 || since_ == PERF_TRACE_SYNC_PERIOD || window != window_) {
            trace_file_record(f_, (uint64_t)PERF_TRACE_SYNC << (32 + PERF_TRACE_TYPE_SHIFT) | (uint32_t)window);
            window_ = window;
            since_ = 0;
        }
        trace_file_record(f_, (uint64_t)(type << PERF_TRACE_TYPE_SHIFT | depth_ << PERF_TRACE_DEPTH_SHIFT |
                                         (uint32_t)(time & PERF_TRACE_TIME_LO_MASK))
                                      << 32 |
                                  data);
        since_++;
    }

    static constexpr unsigned kTimeLoBits = PERF_TRACE_TIME_BITS - 32;
    static constexpr uint32_t kDepthMask = PERF_TRACE_DEPTH_MASK >> PERF_TRACE_DEPTH_SHIFT;
    FILE *f_;
    uint64_t window_ = 0; // the last SYNC's window, G[52:21]
    uint32_t since_ = 0;  // records since the last SYNC; 0: none yet
    uint32_t depth_ = 0;
};

#endif
