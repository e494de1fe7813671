// SPDX-License-Identifier: Apache-2.0
// Testbench of the retire tap (rtl/perfscope_retire.v) alone: random
// retire streams, built from every kind of jump the tap tells apart, mret,
// traps at any cycle and plain instructions, go to the RTL and to the
// harness's own decoder (sim/retire_decoder.h), and every cycle's event
// (present or not, type, data) must be the same. Then the same on a
// directed sequence whose events are written out by hand.
//
// Plusargs: +seed=<n> (default 1), +cycles=<n> (default 2000000).
// Prints "PASS ..." or "FAIL ..." lines; exit code 0 if all passed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "Vperfscope_retire.h"
#include "retire_decoder.h"
#include "tb_check.h"
#include "tb_plusarg.h"
#include "verilated.h"

namespace {

// Instruction codes of the kinds the tap decodes.
uint32_t jal(uint32_t rd) { return rd << 7 | 0x6fu; }
uint32_t jalr(uint32_t rd, uint32_t rs1) { return rs1 << 15 | rd << 7 | 0x67u; }
constexpr uint32_t kMret = 0x30200073u;
constexpr uint32_t kAddi = 0x00000013u;  // nop

struct Bench {
    VerilatedContext ctx;
    Vperfscope_retire dut{&ctx};
    RetireDecoder model;
    uint64_t cycle = 0, events = 0, mismatches = 0;
    std::string first;

    void reset() {
        dut.i_reset = 1;
        dut.i_rt_firing = dut.i_rt_trap = 0;
        for (int i = 0; i < 2; i++)
            edge();
        dut.i_reset = 0;
        dut.eval();
        model = RetireDecoder();
    }
    void edge() {
        dut.i_clk = 0;
        dut.eval();
        dut.i_clk = 1;
        dut.eval();
    }
    // One cycle with these inputs: compares, then takes the edge.
    bool step(bool firing, uint32_t pc, uint32_t insn, bool trap, RetireEvent *got = nullptr) {
        dut.i_rt_firing = firing;
        dut.i_rt_pc = pc;
        dut.i_rt_insn = insn;
        dut.i_rt_trap = trap;
        dut.i_clk = 0;
        dut.eval();
        RetireEvent want{};
        const bool ev = model.cycle(firing, pc, insn, trap, &want);
        const bool same = ev == (bool)dut.o_ev && (!ev || (want.type == dut.o_ev_type && want.data == dut.o_ev_data));
        if (!same && !mismatches++) {
            char b[256];
            std::snprintf(b, sizeof b,
                          "cycle %llu (firing %d pc 0x%08x insn 0x%08x trap %d): decoder %s type %u data 0x%08x, "
                          "RTL %s type %u data 0x%08x",
                          (unsigned long long)cycle, firing, pc, insn, trap, ev ? "event" : "none", want.type,
                          want.data, dut.o_ev ? "event" : "none", (unsigned)dut.o_ev_type, (unsigned)dut.o_ev_data);
            first = b;
        }
        events += ev;
        if (got)
            *got = ev ? want : RetireEvent{~0u, 0};
        dut.i_clk = 1;
        dut.eval();
        cycle++;
        return ev;
    }
};

TbChecks check("retire tap");

// Any of the kinds, with the registers that tell them apart.
uint32_t random_insn(std::mt19937 &rng) {
    static const uint32_t regs[] = {0, 1, 5, 2, 10};
    const uint32_t rd = regs[rng() % 5], rs1 = regs[rng() % 5];
    switch (rng() % 8) {
    case 0: return jal(rd);
    case 1: return jalr(rd, rs1);
    case 2: return jalr(rd, rs1) | 0x1000u;  // funct3 1: not a jalr
    case 3: return kMret;
    case 4: return jal(rd) | 0xfff00000u;    // a backward jump
    default: return kAddi | rd << 7;
    }
}

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    const unsigned seed = (unsigned)tb_plusarg(Verilated::defaultContextp(), "seed", 1);
    const unsigned long long cycles = tb_plusarg(Verilated::defaultContextp(), "cycles", 2000000);

    // Directed: main calls f (jal ra), f tail-jumps to g (jal x0), an
    // interrupt lands between g's call of h and h's first instruction,
    // the handler's mret resumes, h returns (jr ra) to g, g returns with
    // jalr x0, t0 after a picolibc-style jal t0 save call.
    {
        Bench b;
        b.reset();
        struct Step {
            bool firing;
            uint32_t pc, insn;
            bool trap;
            unsigned type;  // the event expected: ~0u none
            uint32_t data;
        };
        const uint32_t none = ~0u;
        const Step steps[] = {
            {true, 0x100, jal(1), false, none, 0},                              // main: call f
            {false, 0, 0, false, none, 0},                                      // the jump's bubble
            {true, 0x200, kAddi, false, PERF_TRACE_ENTER, 0x200},               // f's first
            {true, 0x204, jal(0), false, none, 0},                              // tail jump to g
            {true, 0x300, jal(5), false, PERF_TRACE_ENTER, 0x301},              // g: jal t0 save
            {true, 0x400, jalr(0, 5), false, PERF_TRACE_ENTER, 0x400},          // save: jr t0
            {true, 0x304, jal(1), true, PERF_TRACE_EXIT, 0x305},                // call h; a trap
            {false, 0, 0, false, none, 0},
            {true, 0x20, kAddi, false, PERF_TRACE_IRQ_ENTER, 0x20},             // the handler
            {true, 0x24, kMret, false, PERF_TRACE_IRQ_EXIT, 0x24},              // mret
            {true, 0x500, kAddi, false, PERF_TRACE_ENTER, 0x500},               // h at last
            {true, 0x504, jalr(0, 1), false, none, 0},                          // h: ret
            {true, 0x308, jalr(0, 1), false, PERF_TRACE_EXIT, 0x309},           // back in g; ret
            {true, 0x104, kAddi, false, PERF_TRACE_EXIT, 0x105},                // back in main
        };
        bool ok = true;
        for (const Step &s : steps) {
            RetireEvent got;
            b.step(s.firing, s.pc, s.insn, s.trap, &got);
            ok = ok && got.type == s.type && (s.type == none || got.data == s.data);
        }
        check(ok && !b.mismatches, "a directed call, tail jump, save call, interrupt between a call and its callee, "
                                   "return: the events worked out by hand, the same from the RTL");
    }

    // Random: bursts of retiring instructions and idle cycles, traps.
    {
        Bench b;
        b.reset();
        std::mt19937 rng(seed);
        uint32_t pc = 0x1000;
        for (unsigned long long i = 0; i < cycles && !b.mismatches; i++) {
            const bool firing = rng() % 4 != 0;
            const bool trap = rng() % 50 == 0;
            pc = firing ? (rng() % 3 ? pc + 4 : (rng() & 0xfffcu)) : pc;
            b.step(firing, pc | (rng() % 16 == 0), random_insn(rng), trap);
            if (rng() % 100000 == 0)
                b.reset();
        }
        check(!b.mismatches && b.events > cycles / 20,
              std::to_string(b.cycle) + " random cycles (seed " + std::to_string(seed) + "), " +
                  std::to_string(b.events) + " events, the RTL's equal to sim/retire_decoder.h's" +
                  (b.mismatches ? ": first difference at " + b.first : ""));
    }
    return check.exit_code();
}
