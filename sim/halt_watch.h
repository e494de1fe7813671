/* SPDX-License-Identifier: Apache-2.0 */
// Tells when a program has stopped for good without exiting: the CPU
// retires a jump to itself (`j .`, what `while (1);` and `for (;;);`
// compile to) twice in a row while it cannot take an interrupt (mstatus.MIE
// or mie.MTIE clear; the timer is the reference SoC's only interrupt, see
// soc/rtl/soc_top.v). Nios II programs often end so instead of returning,
// and nothing can then change what the CPU does. A loop inside a trap
// handler (a trap taken, no mret since) is told apart: a program that
// hangs there has failed.
//
// It reads the retire stream through retire_oracle.h, and the two
// interrupt enables by name, public by soc/vexriscv.vlt.
#ifndef HALT_WATCH_H
#define HALT_WATCH_H

#include <cstdint>
#include <string>

#include "retire_oracle.h"

class HaltWatch {
public:
    enum State { kRunning, kStopped, kStoppedInTrap };

    // Finds the enables in the CPU's scope; false, with what is missing in
    // *err, if it cannot (a model built without soc/vexriscv.vlt).
    bool attach(const VerilatedContext &ctx, const std::string &scope, std::string *err) {
        const VerilatedScope *s = find_scope(ctx, scope, err);
        return s && find_signal(s, "CsrPlugin_mstatus_MIE", &mie_, err) && find_signal(s, "CsrPlugin_mie_MTIE", &mtie_, err);
    }

    // This cycle, from the oracle's signals as they are after its edge.
    State cycle(const RetireOracle &cpu) {
        if (cpu.trap()) {
            nested_trap = nested_trap || in_trap_;
            in_trap_ = true;
        }
        if (!cpu.firing())
            return kRunning;
        if (cpu.insn() == kMret)
            in_trap_ = false;
        const bool self_jump = cpu.insn() == kJumpToSelf;
        repeats_ = self_jump && cpu.pc() == pc ? repeats_ + 1 : self_jump;
        pc = cpu.pc();
        if (repeats_ < 2 || (*mie_ && *mtie_))
            return kRunning;
        return in_trap_ ? kStoppedInTrap : kStopped;
    }

    uint32_t pc = 0;  // the last instruction retired: the loop's, once stopped
    bool nested_trap = false;  // a trap was taken inside a trap handler (no mret since the one before)

private:
    static const uint32_t kJumpToSelf = 0x0000006f;  // jal x0, 0
    static const uint32_t kMret = 0x30200073;

    const CData *mie_ = nullptr, *mtie_ = nullptr;
    bool in_trap_ = false;
    unsigned repeats_ = 0;
};

#endif
