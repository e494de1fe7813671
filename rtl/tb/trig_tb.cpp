// SPDX-License-Identifier: Apache-2.0
// Testbench of the trigger addresses (rtl/perfscope_trig.v) alone, against
// the harness's model of them (sim/trig_model.h). Every cycle the RTL's
// stall, go (with its section and BEGIN/END) and the four registers must
// equal the model's.
//
// First a directed sequence with its cycles and counts worked out by hand:
// a BEGIN and an END two cycles after their retires, a retire matching two
// sections, a section whose start and end are one address, a hit in the
// cycle after another, a go in the RAM clear, selections out of range and a
// disarmed section. Then random cycles: retires at a few addresses, most of
// them armed, with writes of every register at random times.
//
// Build-time: -DTRIGGERS=<n> (the RTL's -G).
// Plusargs: +seed=<n> (default 1), +cycles=<n> (default 1000000).
// Prints "PASS ..." or "FAIL ..." lines; exit code 0 if all passed.
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

#include "Vperfscope_trig.h"
#include "tb_check.h"
#include "tb_plusarg.h"
#include "trig_model.h"
#include "verilated.h"

#ifndef TRIGGERS
#define TRIGGERS 7
#endif

namespace {

const std::string kConfig = "TRIGGERS=" + std::to_string(TRIGGERS);

TbChecks check("trig " + kConfig);

struct Bench {
    VerilatedContext ctx;
    Vperfscope_trig dut{&ctx};
    TrigModel model{TRIGGERS};
    uint64_t cycle = 0, gos = 0;
    TbMismatches diff;

    void mismatch(const char *what, uint64_t rtl, uint64_t want) { diff.note(cycle, what, rtl, want); }

    // One cycle: compares this cycle's outputs, then takes the edge.
    // Returns whether a go acted in it.
    bool step(const TrigModel::In &in) {
        dut.i_rt_firing = in.firing;
        dut.i_rt_pc = in.pc;
        dut.i_ram_busy = in.ram_busy;
        dut.i_wdata = in.data;
        dut.i_sel_we = in.write == TrigModel::In::Sel && in.lane0;
        dut.i_start_we = in.write == TrigModel::In::Start;
        dut.i_end_we = in.write == TrigModel::In::End;
        dut.i_lost_we = in.write == TrigModel::In::Lost;
        dut.i_clk = 0;
        dut.eval();
        if (dut.o_stall != model.stall())
            mismatch("stall", dut.o_stall, model.stall());
        if (dut.o_go != model.go())
            mismatch("go", dut.o_go, model.go());
        if (model.go() && (dut.o_sec != model.go_sec() || dut.o_begin != model.go_begin()))
            mismatch("go's section and BEGIN", dut.o_sec << 1 | dut.o_begin,
                     model.go_sec() << 1 | (model.go_begin() ? 1 : 0));
        if (dut.o_sel != model.sel())
            mismatch("TRIG_SEL", dut.o_sel, model.sel());
        if (dut.o_start != model.start())
            mismatch("TRIG_START", dut.o_start, model.start());
        if (dut.o_end != model.end())
            mismatch("TRIG_END", dut.o_end, model.end());
        if (dut.o_lost != model.lost())
            mismatch("TRIG_LOST", dut.o_lost, model.lost());
        const bool go = dut.o_go;
        gos += go;
        model.edge(in);
        dut.i_clk = 1;
        dut.eval();
        cycle++;
        return go;
    }
    bool retire(uint32_t pc, bool ram_busy = false) {
        TrigModel::In in;
        in.firing = true;
        in.pc = pc;
        in.ram_busy = ram_busy;
        return step(in);
    }
    bool idle(bool ram_busy = false) {
        TrigModel::In in;
        in.ram_busy = ram_busy;
        return step(in);
    }
    void write(TrigModel::In::Write w, uint32_t data) {
        TrigModel::In in;
        in.write = w;
        in.data = data;
        step(in);
    }
    void arm(unsigned sec, uint32_t start, uint32_t end, bool on = true) {
        write(TrigModel::In::Sel, sec);
        write(TrigModel::In::Start, start | (on ? 1u : 0u));
        write(TrigModel::In::End, end);
    }
    void reset() {
        dut.i_reset = 1;
        dut.i_rt_firing = dut.i_sel_we = dut.i_start_we = dut.i_end_we = dut.i_lost_we = dut.i_ram_busy = 0;
        dut.i_clk = 0;
        dut.eval();
        dut.i_clk = 1;
        dut.eval();
        cycle++;
        dut.i_reset = 0;
        model.reset();
    }
};

// The outputs in the next cycle if it is idle, before its edge.
struct Out {
    bool stall, go, begin;
    unsigned sec, lost;
};
Out peek(Bench &b) {
    b.dut.i_rt_firing = b.dut.i_sel_we = b.dut.i_start_we = b.dut.i_end_we = b.dut.i_lost_we = b.dut.i_ram_busy = 0;
    b.dut.i_clk = 0;
    b.dut.eval();
    return Out{(bool)b.dut.o_stall, (bool)b.dut.o_go, (bool)b.dut.o_begin, b.dut.o_sec, b.dut.o_lost};
}

// The hand-worked sequence: each expectation is from the datasheet's rules,
// not from the model.
void directed(Bench &b) {
    b.reset();
    b.arm(1, 0x1000, 0x1040);
    // A BEGIN acts two cycles after its retire, holding the bus in between.
    b.retire(0x1000);
    const Out r1 = peek(b);
    b.idle();
    const Out r2 = peek(b);
    b.idle();
    const Out r3 = peek(b);
    check(r1.stall && !r1.go && r2.stall && r2.go && r2.sec == 1 && r2.begin && !r3.stall,
          "a retire at section 1's start: the bus held in R+1 and R+2, BEGIN of section 1 in R+2");
    b.retire(0x1040);
    b.idle();
    const Out e2 = peek(b);
    b.idle();
    check(e2.go && e2.sec == 1 && !e2.begin && e2.lost == 0, "a retire at section 1's end: END of section 1 in R+2");

    unsigned lost = 0;
    if (TRIGGERS >= 2) {
        // Section 2 ends where section 1 begins: section 1's BEGIN acts, one lost.
        b.arm(2, 0x2000, 0x1000);
        b.retire(0x1000);
        b.idle();
        const Out t = peek(b);
        b.idle();
        check(t.go && t.sec == 1 && t.begin && peek(b).lost == 1, "two sections on one retire: the lower acts, one lost");
        b.arm(2, 0x2000, 0x1000, false);
        lost = 1;
    }
    // Start and end at one address: END, and one lost.
    b.arm(1, 0x3000, 0x3000);
    b.retire(0x3000);
    b.idle();
    const Out t = peek(b);
    b.idle();
    check(t.go && t.sec == 1 && !t.begin && peek(b).lost == lost + 1, "start = end: END acts, one hit lost");
    // A hit in the cycle after another is lost; one in the go cycle acts.
    b.arm(1, 0x1000, 0x1040);
    b.write(TrigModel::In::Lost, 0);
    uint64_t g = b.gos;
    b.retire(0x1000);
    b.retire(0x1040);
    b.retire(0x1040);
    for (int i = 0; i < 4; i++)
        b.idle();
    check(peek(b).lost == 1 && b.gos - g == 2, "a hit in R+1 is lost, one in R+2 acts");
    // A hit whose R+1 is in the RAM clear is lost.
    b.write(TrigModel::In::Lost, 0);
    g = b.gos;
    b.retire(0x1000);
    b.idle(true);
    b.idle();
    b.idle();
    check(b.gos == g && peek(b).lost == 1, "a hit whose R+1 is in the RAM clear does not act and is lost");
    // Selections without trigger addresses read 0 and take no writes.
    b.write(TrigModel::In::Sel, 0);
    b.write(TrigModel::In::Start, 0x5001);
    peek(b);
    check(b.dut.o_start == 0 && b.dut.o_end == 0, "TRIG_SEL 0 selects nothing");
    b.write(TrigModel::In::Sel, 1);
    peek(b);
    check(b.dut.o_start == 0x1001 && b.dut.o_end == 0x1040, "section 1's addresses read back, ARM in bit 0");
    // Disarmed: no hit.
    b.arm(1, 0x1000, 0x1040, false);
    g = b.gos;
    b.retire(0x1000);
    for (int i = 0; i < 3; i++)
        b.idle();
    check(b.gos == g, "a disarmed section does not act");
}

void random_run(Bench &b, uint64_t seed, uint64_t cycles) {
    std::mt19937_64 rng(seed);
    const uint32_t pcs[] = {0x100, 0x104, 0x108, 0x200, 0x204, 0x300, 0x10c, 0x400};
    b.reset();
    for (uint64_t c = 0; c < cycles; c++) {
        TrigModel::In in;
        in.firing = rng() % 3 != 0;
        in.pc = pcs[rng() % 8] | (rng() % 64 == 0 ? 2u : 0u);
        in.ram_busy = rng() % 50 == 0;
        const unsigned r = rng() % 100;
        if (r < 3) {
            in.write = TrigModel::In::Sel;
            in.data = (uint32_t)rng();
            in.lane0 = rng() % 4 != 0;
        } else if (r < 6) {
            in.write = TrigModel::In::Start;
            in.data = pcs[rng() % 8] | (uint32_t)(rng() % 4 != 0);
        } else if (r < 9) {
            in.write = TrigModel::In::End;
            in.data = pcs[rng() % 8] | (uint32_t)(rng() & 1);
        } else if (r < 10) {
            in.write = TrigModel::In::Lost;
        }
        b.step(in);
        if (rng() % 200000 == 0)
            b.reset();
    }
}

}  // namespace

int main(int argc, char **argv) {
    Bench b;
    b.ctx.commandArgs(argc, argv);
    const uint64_t seed = tb_plusarg(&b.ctx, "seed", 1);
    const uint64_t cycles = tb_plusarg(&b.ctx, "cycles", 1000000);
    directed(b);
    check(b.diff.count == 0, "directed sequence, RTL and model equal in every cycle" +
                                 (b.diff.first.empty() ? std::string() : ": first " + b.diff.first));
    Bench r;
    r.ctx.commandArgs(argc, argv);
    random_run(r, seed, cycles);
    check(r.diff.count == 0, "random, seed " + std::to_string(seed) + ": " + std::to_string(cycles) + " cycles, " +
                                 std::to_string(r.gos) + " gos, RTL and model equal in every cycle" +
                                 (r.diff.first.empty() ? std::string() : ": first " + r.diff.first));
    check(r.gos > cycles / 100, "random: the triggers acted (" + std::to_string(r.gos) + " gos)");
    return check.exit_code();
}
