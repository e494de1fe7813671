// SPDX-License-Identifier: Apache-2.0
// Testbench of the flat-profile histogram (rtl/perfscope_hist.v) alone,
// against the harness's own model of it (sim/hist_model.h). Every cycle the
// RTL's RUN, BUSY, INDEX, BASE, SHIFT, K, DATA_VALID and DATA must equal the
// model's, and SAT whenever RUN and BUSY are 0. After a stop the bench
// reads every word (the buckets, then OUTSIDE) through INDEX and DATA
// (auto-increment), compares it with the model, and checks the invariant
// on the RTL's own numbers: the words add up to the cycles RUN was 1 (with
// K = 0 and nothing saturated), or to the samples, 1 + floor((n - 1) / 2^K)
// for a run of n cycles.
//
// Then a directed sequence with its counts worked out by hand, and random
// runs: bursts on one bucket, A B A alternation every cycle (the
// read-during-write pattern), long runs (a run register full), PCs below
// BASE, past the last bucket and anywhere, the sampled mode, and writes of
// every register at random times, in and out of their rules.
//
// Build-time: -DHIST_BUCKETS=<n> -DHIST_COUNT_BITS=<n> (the RTL's -G).
// Plusargs: +seed=<n> (default 1), +cycles=<n> (default 3000000).
// Prints "PASS ..." or "FAIL ..." lines; exit code 0 if all passed.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "Vperfscope_hist.h"
#include "hist_model.h"
#include "tb_check.h"
#include "tb_plusarg.h"
#include "verilated.h"

#ifndef HIST_BUCKETS
#define HIST_BUCKETS 1024
#endif
#ifndef HIST_COUNT_BITS
#define HIST_COUNT_BITS 32
#endif

namespace {

constexpr unsigned kBuckets = HIST_BUCKETS;
constexpr unsigned kCountBits = HIST_COUNT_BITS;
const std::string kConfig = "BUCKETS=" + std::to_string(kBuckets) + " COUNT_BITS=" + std::to_string(kCountBits);

TbChecks check("hist " + kConfig);

struct Bench {
    VerilatedContext ctx;
    Vperfscope_hist dut{&ctx};
    HistModel model{kBuckets, kCountBits};
    uint64_t cycle = 0;
    TbMismatches diff;
    // The RTL's own tally since its last CLEAR: cycles with RUN read 1, the
    // samples those runs should have given, and whether K was 0 in each.
    uint64_t run_cycles = 0, samples = 0, run_len = 0;
    bool all_k0 = true;

    void mismatch(const char *what, uint64_t rtl, uint64_t want) { diff.note(cycle, what, rtl, want); }

    // One cycle with these inputs: compares this cycle's outputs, then
    // takes the edge. Returns the DATA the RTL gave.
    uint32_t step(const HistInputs &in) {
        dut.i_rt_firing = in.firing;
        dut.i_rt_pc = in.pc;
        dut.i_wdata = in.wdata;
        dut.i_ctrl_we = in.ctrl_we;
        dut.i_base_we = in.base_we;
        dut.i_cfg_we = in.cfg_we;
        dut.i_index_we = in.index_we;
        dut.i_data_rd = in.data_rd;
        dut.i_clk = 0;
        dut.eval();
        if (dut.o_run != model.run())
            mismatch("RUN", dut.o_run, model.run());
        if (dut.o_busy != model.busy())
            mismatch("BUSY", dut.o_busy, model.busy());
        if (dut.o_index != model.index())
            mismatch("INDEX", dut.o_index, model.index());
        if (dut.o_base != model.base())
            mismatch("BASE", dut.o_base, model.base());
        if (dut.o_shift != model.shift() || dut.o_k != model.k())
            mismatch("CFG", dut.o_shift | dut.o_k << 8, model.shift() | model.k() << 8);
        // DATA as the register map returns it: 0 unless o_data_valid.
        const uint32_t data = dut.o_data_valid ? dut.o_data : 0;
        if (dut.o_data_valid != model.data_valid())
            mismatch("DATA_VALID", dut.o_data_valid, model.data_valid());
        if (data != model.data())
            mismatch("DATA", data, model.data());
        if (model.idle() && dut.o_sat != model.sat())
            mismatch("SAT", dut.o_sat, model.sat());
        // The bench's own tally, from the RTL's RUN and K.
        if (dut.o_run) {
            run_cycles++;
            if ((run_len++ & ((1u << dut.o_k) - 1u)) == 0)
                samples++;
            all_k0 = all_k0 && dut.o_k == 0;
        } else {
            run_len = 0;
        }
        if (!dut.o_run && !dut.o_busy && in.ctrl_we && (in.wdata & 2u))
            run_cycles = samples = 0, all_k0 = true;
        model.cycle(in);
        dut.i_clk = 1;
        dut.eval();
        cycle++;
        return data;
    }
    void idle(unsigned n = 1, bool firing = false, uint32_t pc = 0) {
        for (unsigned i = 0; i < n; i++) {
            HistInputs in;
            in.firing = firing;
            in.pc = pc;
            step(in);
        }
    }
    // A cycle with i_reset high: not compared (the RTL's state is not yet
    // defined), the model reset instead of stepped.
    void reset() {
        dut.i_reset = 1;
        dut.i_rt_firing = dut.i_ctrl_we = dut.i_base_we = dut.i_cfg_we = dut.i_index_we = dut.i_data_rd = 0;
        dut.i_clk = 0;
        dut.eval();
        dut.i_clk = 1;
        dut.eval();
        cycle++;
        dut.i_reset = 0;
        model.reset();
        run_cycles = samples = run_len = 0;
        all_k0 = true;
    }
    uint32_t write(bool HistInputs::*we, uint32_t v, bool firing = false, uint32_t pc = 0) {
        HistInputs in;
        in.*we = true;
        in.wdata = v;
        in.firing = firing;
        in.pc = pc;
        return step(in);
    }
    void wait_idle() {
        while (dut.o_busy || dut.o_run)
            idle(1);
    }
    // A DATA read once DATA_VALID is 1: word INDEX, and INDEX steps.
    uint32_t read() {
        while (!dut.o_data_valid)
            idle(1);
        HistInputs in;
        in.data_rd = true;
        return step(in);
    }
    // Reads every word through INDEX and DATA; false if one differs from
    // the model. Checks the invariant on the values read.
    bool sweep(std::string *why) {
        wait_idle();
        write(&HistInputs::index_we, 0);
        std::vector<uint32_t> got(kBuckets);
        uint64_t sum = 0;
        bool ok = true;
        for (unsigned i = 0; i < kBuckets; i++) {
            got[i] = read();
            sum += got[i];
            if (got[i] != model.word(i) && ok) {
                ok = false;
                *why = "word " + std::to_string(i) + ": RTL " + std::to_string(got[i]) + ", model " +
                       std::to_string(model.word(i));
            }
        }
        if (ok && dut.o_index != 0) {
            ok = false;
            *why = "INDEX did not wrap to 0 after the sweep";
        }
        if (ok && !dut.o_sat && sum != samples) {
            ok = false;
            *why = "buckets + OUTSIDE = " + std::to_string(sum) + ", but the runs since CLEAR gave " +
                   std::to_string(samples) + " samples";
        }
        if (ok && !dut.o_sat && all_k0 && sum != run_cycles) {
            ok = false;
            *why = "K = 0: buckets + OUTSIDE = " + std::to_string(sum) + ", RUN was 1 for " +
                   std::to_string(run_cycles) + " cycles";
        }
        if (ok && model.charges() != samples) {
            ok = false;
            *why = "the model charged " + std::to_string(model.charges()) + ", the bench counted " +
                   std::to_string(samples) + " samples";
        }
        return ok && !diff.count;
    }
};

constexpr uint32_t kEnable = 1u, kClear = 2u;
uint32_t cfg(unsigned shift, unsigned k) { return shift | k << 8; }

// The directed sequence: BASE 0x1000, 16-byte buckets (SHIFT 2).
void directed() {
    Bench b;
    b.reset();
    // Reset clears: BUSY for BUCKETS cycles, and an ENABLE then is lost.
    bool ok = b.dut.o_busy;
    b.write(&HistInputs::ctrl_we, kEnable);
    ok = ok && !b.dut.o_run;
    b.idle(kBuckets - 2);
    ok = ok && b.dut.o_busy;
    b.idle(1);
    ok = ok && !b.dut.o_busy && b.dut.o_index == 0;
    check(ok && !b.diff.count, "reset clears for exactly BUCKETS cycles; ENABLE while BUSY is ignored");

    // Words 0 .. BUCKETS-2 are buckets, BUCKETS-1 is OUTSIDE.
    const unsigned out = kBuckets - 1;
    const uint32_t base = 0x1000, top = base + out * 16;
    b.write(&HistInputs::base_we, base | 3u);  // bits 1:0 read 0
    b.write(&HistInputs::cfg_we, cfg(2, 0));
    ok = b.dut.o_base == base && b.dut.o_shift == 2 && b.dut.o_k == 0;
    b.idle(1, true, 0x1000);                   // the last PC before the start: bucket 0
    // Cycle S: the start. Counted: S+1 .. T.
    b.write(&HistInputs::ctrl_we, kEnable);
    b.idle(1);                                 // S+1: no retire, bucket 0
    b.idle(1, true, 0x1004);                   // S+2: bucket 0
    b.idle(1, true, 0x1010);                   // S+3: bucket 1
    b.idle(1, true, 0x1000);                   // S+4: bucket 0 (A B A)
    b.idle(1, true, 0x1010);                   // S+5: bucket 1
    b.idle(1, true, 0x0ffc);                   // S+6: below BASE, OUTSIDE
    b.idle(1);                                 // S+7: OUTSIDE
    b.idle(1, true, top);                      // S+8: one past the last bucket, OUTSIDE
    b.idle(1, true, top - 4);                  // S+9: the last bucket, BUCKETS-2
    ok = ok && b.dut.o_run && b.write(&HistInputs::data_rd, 0) == 0;  // S+10: DATA 0 while RUN; BUCKETS-2
    b.write(&HistInputs::ctrl_we, 0, true, 0x1020);                   // T = S+11: the stop, bucket 2
    // BUSY in T+1 .. T+4, DATA_VALID 0 then; final in T+5.
    for (int i = 0; i < 4; i++) {
        ok = ok && !b.dut.o_run && b.dut.o_busy && !b.dut.o_data_valid;
        b.idle(1);
    }
    ok = ok && !b.dut.o_busy && b.dut.o_data_valid;
    std::vector<uint32_t> want(kBuckets, 0);
    want[0] += 3, want[1] += 2, want[2] += 1, want[out - 1] += 2, want[out] += 3;
    // DATA_VALID drops for the cycle after an INDEX write and after a step.
    b.write(&HistInputs::index_we, 0);
    ok = ok && !b.dut.o_data_valid;
    b.idle(1);
    ok = ok && b.dut.o_data_valid;
    uint64_t sum = 0;
    for (unsigned i = 0; i < kBuckets; i++) {
        const uint32_t got = b.read();
        ok = ok && got == want[i] && !b.dut.o_data_valid;
        sum += got;
    }
    ok = ok && sum == 11 && b.run_cycles == 11;
    std::string why;
    ok = ok && b.sweep(&why);
    check(ok && !b.diff.count, "directed run of 11 cycles: buckets 0, 1, 2, BUCKETS-2 += 3, 2, 1, 2 and "
                               "OUTSIDE 3, as worked out by hand; BUSY for 4 cycles after the stop; "
                               "DATA_VALID after INDEX writes and steps" +
                                   (b.diff.count ? ": " + b.diff.first : why.empty() ? "" : ": " + why));

    // Sampled, K = 2: 11 counted cycles give samples at S+1, S+5, S+9.
    b.write(&HistInputs::ctrl_we, kClear | kEnable);  // CLEAR alone
    ok = !b.dut.o_run && b.dut.o_busy;
    b.wait_idle();
    b.write(&HistInputs::cfg_we, cfg(2, 2));
    b.write(&HistInputs::ctrl_we, kEnable, true, 0x1000);  // S
    for (int i = 1; i <= 10; i++)
        b.idle(1, true, i <= 4 ? 0x1000 : 0x1010);
    b.write(&HistInputs::ctrl_we, 0);  // T = S+11: not a sample (S+13 would be)
    b.wait_idle();
    b.write(&HistInputs::index_we, 0);
    ok = ok && b.read() == 1 && b.read() == 2 && b.samples == 3;
    b.write(&HistInputs::index_we, out);
    ok = ok && b.read() == 0;
    // BASE and CFG writes while RUN are ignored; CLEAR while RUN too.
    b.write(&HistInputs::ctrl_we, kEnable);
    b.write(&HistInputs::base_we, 0x2000);
    b.write(&HistInputs::cfg_we, cfg(7, 0));
    b.write(&HistInputs::ctrl_we, kEnable | kClear);
    ok = ok && b.dut.o_base == base && b.dut.o_shift == 2 && b.dut.o_k == 2 && b.dut.o_run && !b.dut.o_busy;
    b.write(&HistInputs::ctrl_we, kClear);  // stops; the CLEAR is ignored
    ok = ok && !b.dut.o_run && b.dut.o_busy;
    b.wait_idle();
    ok = ok && b.sweep(&why);
    check(ok && !b.diff.count, "directed sampled run, K = 2: samples at S+1, S+5, S+9 (1 in bucket 0, 2 in "
                               "bucket 1); writes of BASE, CFG and CLEAR while RUN ignored" +
                                   (b.diff.count ? ": " + b.diff.first : why.empty() ? "" : ": " + why));
}

// Random runs.
void random_runs(unsigned seed, uint64_t cycles) {
    Bench b;
    b.reset();
    std::mt19937 rng(seed);
    auto chance = [&](unsigned n) { return rng() % n == 0; };
    uint64_t stops = 0, sweeps = 0, sat_runs = 0, sampled = 0;
    std::string why;
    bool ok = true;
    uint32_t base = 0x1000;
    unsigned shift = 0;
    while (b.cycle < cycles && ok && !b.diff.count) {
        // Idle: maybe a CLEAR, a new BASE and CFG, misuse.
        b.wait_idle();
        if (chance(3)) {
            b.write(&HistInputs::ctrl_we, kClear | (rng() & 1u));
            if (chance(2))  // misuse: writes while the CLEAR runs
                b.write(chance(2) ? &HistInputs::index_we : &HistInputs::ctrl_we, rng());
            b.wait_idle();
        }
        if (chance(2)) {
            base = chance(4) ? rng() : (rng() & 0xfff0u);
            b.write(&HistInputs::base_we, base);
            base &= ~3u;
        }
        if (chance(2)) {
            shift = chance(4) ? rng() % 8 : rng() % 3;
            const unsigned k = chance(3) ? (chance(3) ? rng() % 16 : 1 + rng() % 3) : 0;
            b.write(&HistInputs::cfg_we, cfg(shift, k));
            sampled += k != 0;
        }
        if (chance(10))
            b.reset();
        b.wait_idle();
        // A run of some kind.
        const unsigned kind = rng() % 6;
        const uint64_t len = chance(8) ? 2000 + rng() % 20000 : 1 + rng() % 600;
        const uint32_t span = 4u << shift;
        auto pc_in = [&](unsigned bucket) { return base + bucket * span + (rng() % span & ~3u); };
        const unsigned a = rng() % kBuckets, c = rng() % kBuckets;
        b.write(&HistInputs::ctrl_we, kEnable, chance(2), pc_in(a));
        for (uint64_t i = 0; i < len; i++) {
            HistInputs in;
            switch (kind) {
            case 0:  // a burst on one bucket, sometimes without a retire
                in.firing = !chance(5);
                in.pc = pc_in(a);
                break;
            case 1:  // A B A every cycle
                in.firing = true;
                in.pc = pc_in(i & 1 ? c : a);
                break;
            case 2:  // A A B B, A B B A, and stalls
                in.firing = !chance(4);
                in.pc = pc_in((i >> (rng() & 1)) & 1 ? c : a);
                break;
            case 3:  // out of range: below BASE, past the top, anywhere
                in.firing = !chance(3);
                in.pc = chance(3) ? base - 4 * (1 + rng() % 8)
                        : chance(2) ? base + kBuckets * span + 4 * (rng() % 8) : rng() & ~3u;
                break;
            case 4:  // a walk through neighbouring buckets
                in.firing = !chance(3);
                in.pc = pc_in((a + i / (1 + rng() % 4)) % kBuckets);
                break;
            default:  // random, unaligned too
                in.firing = !chance(2);
                in.pc = chance(2) ? pc_in(rng() % kBuckets) : rng();
                break;
            }
            // Register accesses while RUN: the ignored ones, DATA, INDEX.
            if (chance(50)) {
                switch (rng() % 6) {
                case 0: in.base_we = true; break;
                case 1: in.cfg_we = true; break;
                case 2: in.index_we = true; break;
                case 3: in.data_rd = true; break;
                default: in.ctrl_we = true; in.wdata |= kEnable; break;  // ENABLE again, CLEAR
                }
                in.wdata |= rng() & ~kEnable;
            }
            b.step(in);
        }
        // Often INDEX points at the word the run ends on, so that DATA right
        // after BUSY shows that word's last write-back.
        const bool aim = chance(2);
        if (aim)
            b.write(&HistInputs::index_we, b.model.last_word());
        b.write(&HistInputs::ctrl_we, rng() & kClear, !aim && chance(2), pc_in(c));
        stops++;
        sat_runs += b.model.sat();
        // Sometimes the bench reads everything; otherwise it starts again
        // on top of the counts (the model keeps up).
        if (chance(3) || b.cycle >= cycles) {
            ok = b.sweep(&why);
            sweeps++;
        } else {
            // Misuse after the stop: writes while BUSY.
            for (unsigned i = 0; i < 4 && chance(2); i++) {
                HistInputs in;
                in.wdata = rng();
                switch (rng() % 5) {
                case 0: in.ctrl_we = true; break;
                case 1: in.base_we = true; break;
                case 2: in.cfg_we = true; break;
                case 3: in.index_we = true; break;
                default: in.data_rd = true; break;
                }
                b.step(in);
            }
            b.wait_idle();
            for (unsigned i = 0; i < 8; i++)  // reads of a few buckets
                b.write(&HistInputs::data_rd, 0);
        }
    }
    check(ok && !b.diff.count,
          std::to_string(b.cycle) + " random cycles (seed " + std::to_string(seed) + "), " + std::to_string(stops) +
              " runs, " + std::to_string(sweeps) + " full comparisons, " + std::to_string(sampled) +
              " sampled configurations, " + std::to_string(sat_runs) +
              " stops with SAT set; the RTL against sim/hist_model.h, and the invariant" +
              (b.diff.count ? ": first difference at " + b.diff.first : why.empty() ? "" : ": " + why));
    if (kCountBits < 16)
        check(sat_runs > 0, "saturation reached (COUNT_BITS=" + std::to_string(kCountBits) + ")");
}

// Saturation, directed: one bucket and OUTSIDE past their maximum.
void saturation() {
    if (kCountBits > 16)
        return;
    Bench b;
    b.reset();
    b.wait_idle();
    const uint32_t max = b.model.max_count();
    b.write(&HistInputs::base_we, 0x1000);
    b.write(&HistInputs::cfg_we, cfg(0, 0));
    b.write(&HistInputs::ctrl_we, kEnable, true, 0x1008);  // bucket 2
    b.idle(max + 300, true, 0x1008);
    b.idle(max + 5, true, 0x0ff0);                        // OUTSIDE
    b.write(&HistInputs::ctrl_we, 0);
    b.wait_idle();
    bool ok = b.dut.o_sat;
    b.write(&HistInputs::index_we, 2);
    ok = ok && b.read() == max;
    b.write(&HistInputs::index_we, kBuckets - 1);
    ok = ok && b.read() == max;
    std::string why;
    ok = ok && b.sweep(&why);
    check(ok && !b.diff.count, "a bucket and OUTSIDE run past " + std::to_string(max) +
                                   ": both read all ones, SAT set" + (b.diff.count ? ": " + b.diff.first : ""));
}

}  // namespace

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    const unsigned seed = (unsigned)tb_plusarg(Verilated::defaultContextp(), "seed", 1);
    const unsigned long long cycles = tb_plusarg(Verilated::defaultContextp(), "cycles", 3000000);
    directed();
    saturation();
    random_runs(seed, cycles);
    return check.exit_code();
}
