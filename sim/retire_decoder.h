/* SPDX-License-Identifier: Apache-2.0 */
// The retire stream's calls, returns, jumps and traps, as the harness's
// oracle computes them from the CPU's retire signals (docs/retire.md).
//
// Each cycle it is given what soc/vexriscv_retire.py puts on ports: whether
// an instruction retires (firing), its address and code, and whether the
// CPU jumps to its trap vector (trap). An event is stamped in the cycle the
// first instruction at its destination retires, and carries that address:
//
//   ENTER      a call's callee: jal/jalr with rd = ra or t0 (the RISC-V
//              return-address hints, so picolibc's jal t0 __riscv_save_N
//              is a call and its jr t0 a return)
//   EXIT | 1   a return's target: jalr x0 (or any rd not a link) with
//              rs1 = ra or t0; bit 0 tells it from a hook's EXIT
//   ENTER | 1  any other jump's target: jal with rd not a link, jalr with
//              neither rd nor rs1 a link, or a jalr from one link to the
//              other; the host makes it a tail call when the target is a
//              function's entry and ignores it otherwise
//   IRQ_ENTER  the handler's first instruction, after a trap
//   IRQ_EXIT   an mret, in the cycle it retires, with its own address
//
// One event at most per cycle: an mret that is itself a jump's destination
// gives only its IRQ_EXIT, which ends the handler's open calls with it (a
// handler's `ret` into its mret; an mret as a handler's first instruction
// gives nothing at all, and its cycles count to what it interrupted).
//
// A trap that comes between a jump and its destination (an interrupt
// taken before a callee's first instruction) keeps the jump's event until
// the mret: the destination then retires after it. One trap is kept, so a
// handler that enables interrupts again loses its own pending jump if it
// is interrupted in that window.
#ifndef RETIRE_DECODER_H
#define RETIRE_DECODER_H

#include <cstdint>

#include "perfscope_frames.h"

struct RetireEvent {
    unsigned type;  // PERF_TRACE_ENTER, _EXIT, _IRQ_ENTER or _IRQ_EXIT
    uint32_t data;
};

class RetireDecoder {
public:
    // One clock cycle; returns whether it ends an event, put in *ev.
    bool cycle(bool firing, uint32_t pc, uint32_t insn, bool trap, RetireEvent *ev) {
        bool event = false;
        if (firing) {
            event = pending_ != Pending::None;
            switch (pending_) {
            case Pending::Call: *ev = {PERF_TRACE_ENTER, pc}; break;
            case Pending::Return: *ev = {PERF_TRACE_EXIT, pc | PERF_TRACE_RETIRE}; break;
            case Pending::Jump: *ev = {PERF_TRACE_ENTER, pc | PERF_TRACE_RETIRE}; break;
            case Pending::Trap: *ev = {PERF_TRACE_IRQ_ENTER, pc}; break;
            case Pending::None: break;
            }
            if (insn == kMret) {
                event = pending_ != Pending::Trap;
                *ev = {PERF_TRACE_IRQ_EXIT, pc};
                pending_ = saved_;
                saved_ = Pending::None;
            } else {
                pending_ = classify(insn);
            }
        }
        if (trap) {
            if (pending_ != Pending::Trap)
                saved_ = pending_;
            pending_ = Pending::Trap;
        }
        return event;
    }

private:
    enum class Pending : uint8_t { None, Call, Return, Jump, Trap };
    static constexpr uint32_t kMret = 0x30200073u;

    static bool link(uint32_t r) { return r == 1 || r == 5; }

    static Pending classify(uint32_t insn) {
        const uint32_t opcode = insn & 0x7fu, rd = insn >> 7 & 31u, rs1 = insn >> 15 & 31u;
        if (opcode == 0x6fu)  // jal
            return link(rd) ? Pending::Call : Pending::Jump;
        if (opcode != 0x67u || (insn >> 12 & 7u) != 0)  // not jalr
            return Pending::None;
        if (link(rd))
            return link(rs1) && rs1 != rd ? Pending::Jump : Pending::Call;
        return link(rs1) ? Pending::Return : Pending::Jump;
    }

    Pending pending_ = Pending::None;
    Pending saved_ = Pending::None;
};

#endif
