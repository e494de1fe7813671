// SPDX-License-Identifier: Apache-2.0
// Testbench of the perfscope IP alone (Verilator), built with the test-only
// preload (PERFSCOPE_TEST_PRELOAD) so that counters reach their limits.
//
// Directed checks compute what each counter must read from the cycles at
// which the testbench's own accesses were accepted (a section begun in cycle
// b and ended in cycle e measures e - b), so they do not trust the reference
// model. Misuse checks try the bad inputs of the datasheet's "Misuse and
// limits" table. A seeded random run then drives long mixes of every access
// kind, back to back and with gaps, with resets, aborts, snapshots, byte and
// halfword lanes and counters preloaded near their limits; the reference
// model checks every read and the timing of every access.
//
// A build with the retire tap (-DPERF_RETIRE=1, the RTL's RETIRE = 1 with
// PERF_HIST_BUCKETS and PERF_TRIGGERS) drives i_rt_* in its random run with
// a random program's retire stream, rich in calls, returns, other jumps,
// mret and traps, at addresses the random triggers and the histogram
// watch; the model then decodes the same stream and checks every record,
// every trigger's section command and bus hold, and every register of the
// tap.
//
// A build with -DPERF_TRACE_OREG=1 (the RTL's TRACE_OREG = 1, the FIFO's
// head through the block RAM's output register) runs the same checks: the
// records and their timing are the same as without it.
//
// Usage: perfscope_tb [+seed=N] [+ops=N] [+random_only] [+trace]
//   +random_only skips the directed checks, not the misuse checks.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vperfscope.h"
#include "perf_model.h"
#include "tb_plusarg.h"
#include "verilated.h"
#include "verilated_fst_c.h"

extern "C" {
#include "perfscope_frames.h"
#include "perfscope_regs.h"
}

#ifndef PERF_RETIRE
#define PERF_RETIRE 0
#define PERF_HIST_BUCKETS 0
#define PERF_TRIGGERS 0
#endif
#ifndef PERF_TRACE_OREG
#define PERF_TRACE_OREG 0
#endif

namespace {

int g_passed = 0, g_failed = 0;

void check(const std::string &name, uint64_t got, uint64_t want) {
    if (got == want) {
        g_passed++;
        printf("PASS tb_perfscope: %s\n", name.c_str());
    } else {
        g_failed++;
        printf("FAIL tb_perfscope: %s: expected %" PRIu64 " (0x%" PRIx64 ") got %" PRIu64
               " (0x%" PRIx64 ")\n", name.c_str(), want, want, got, got);
    }
}

constexpr uint32_t w(uint32_t byte_offset) { return byte_offset / 4; }

// A request waits at most this long to be accepted, and an accepted one as
// long for its ack; beyond that the slave hangs.
constexpr unsigned kPatience = 32;

class Bench {
public:
    Bench(VerilatedContext *ctx, bool trace)
        : ctx_(ctx), dut_(new Vperfscope(ctx)),
          model_(NSEC, TRACE_DEPTH, PerfRetireConfig{PERF_RETIRE != 0, PERF_HIST_BUCKETS, PERF_TRIGGERS}), rng_(7) {
        if (trace) {
            ctx_->traceEverOn(true);
            fst_.reset(new VerilatedFstC);
            dut_->trace(fst_.get(), 99);
            fst_->open("perfscope_tb.fst");
        }
        preload(0, 0);
        reset_pulse(2);
        idle_until_ready();
    }
    ~Bench() {
        if (fst_)
            fst_->close();
        dut_->final();
    }

    uint64_t now() const { return cycle_; }
    PerfModel &model() { return model_; }
    Vperfscope &dut() { return *dut_; }
    // Why the slave hung, or "".
    const std::string &hang() const { return hang_; }

    // One clock cycle with the inputs as they are; the model sees the port
    // as it is just before the rising edge.
    void tick() {
        dut_->i_clk = 0;
        dut_->eval();
        PerfBusSample s{};
        s.cyc = dut_->i_wb_cyc;
        s.stb = dut_->i_wb_stb;
        s.we = dut_->i_wb_we;
        s.stall = dut_->o_wb_stall;
        s.ack = dut_->o_wb_ack;
        s.addr = dut_->i_wb_addr;
        s.wdata = dut_->i_wb_data;
        s.rdata = dut_->o_wb_data;
        s.sel = dut_->i_wb_sel;
        s.reset = dut_->i_reset;
        s.trace_valid = dut_->o_trace_valid;
        s.trace_ready = dut_->i_trace_ready;
        s.trace_data = dut_->o_trace_data;
        s.rt_firing = dut_->i_rt_firing;
        s.rt_pc = dut_->i_rt_pc;
        s.rt_insn = dut_->i_rt_insn;
        s.rt_trap = dut_->i_rt_trap;
        model_.cycle(cycle_, s);
        uint64_t rec;
        if (model_.record_taken(&rec))
            taken_.push_back({cycle_, rec});
        if (fst_)
            fst_->dump(2 * cycle_);
        dut_->i_clk = 1;
        dut_->eval();
        if (fst_)
            fst_->dump(2 * cycle_ + 1);
        cycle_++;
        // The stream's consumer for the next cycle: always, never, or one
        // cycle in ready_every_ at random.
        dut_->i_trace_ready = ready_every_ == 1 || (ready_every_ > 1 && rng_() % ready_every_ == 0);
        if (retire_on_)
            retire_step();
    }

    // The retire stream: off (all 0) unless a random run turns it on.
    void set_retire(bool on) {
        retire_on_ = on;
        if (!on) {
            dut_->i_rt_firing = 0;
            dut_->i_rt_trap = 0;
        }
    }
    // Sets i_rt_* as in the next cycle of a random program: an instruction
    // retires in about half the cycles, at one of kRtWords addresses from
    // kRtBase, and one in four is a jump (jal or jalr, with and without the
    // link registers ra and t0), one in 40 an mret; a trap comes in about
    // one cycle in 120, alone or with a retire.
    static constexpr uint32_t kRtBase = 0x2000, kRtWords = 96;
    void retire_step() {
        auto pick = [&](unsigned n) { return (unsigned)(rt_rng_() % n); };
        static const unsigned regs[] = {0, 1, 5, 15};
        dut_->i_rt_firing = pick(2);
        dut_->i_rt_trap = pick(120) == 0;
        dut_->i_rt_pc = kRtBase + 4 * pick(kRtWords);
        const unsigned k = pick(40), rd = regs[pick(4)], rs1 = regs[pick(4)];
        const uint32_t imm = (uint32_t)rt_rng_() & 0xfff00000u;
        if (k == 0)
            dut_->i_rt_insn = 0x30200073u;                                     // mret
        else if (k < 6)
            dut_->i_rt_insn = imm | (uint32_t)rt_rng_() & 0x000ff000u | rd << 7 | 0x6fu;  // jal
        else if (k < 11)
            dut_->i_rt_insn = imm | rs1 << 15 | rd << 7 | 0x67u;               // jalr
        else if (k == 11)
            dut_->i_rt_insn = imm | rs1 << 15 | 1u << 12 | rd << 7 | 0x67u;    // funct3 1: not a jalr
        else
            dut_->i_rt_insn = imm | rs1 << 15 | rd << 7 | 0x13u;               // addi
    }

    // 0: the consumer never takes; 1: every cycle; n: one cycle in n at random.
    void set_ready(unsigned every) {
        ready_every_ = every;
        dut_->i_trace_ready = every == 1;
    }
    // The records the port gave: cycle and record.
    struct Taken {
        uint64_t cycle, rec;
    };
    std::vector<Taken> &taken() { return taken_; }

    // What the next reset loads into G and every occurrence count.
    void preload(uint64_t gtime, uint32_t occ) {
        dut_->i_test_gtime = gtime;
        dut_->i_test_occ = occ;
        model_.set_reset_values(gtime, occ);
    }

    void reset_pulse(unsigned cycles) {
        dut_->i_reset = 1;
        for (unsigned i = 0; i < cycles; i++)
            tick();
        dut_->i_reset = 0;
    }

    // Waits out the RAM clear that follows a reset.
    void idle_until_ready() {
        while (dut_->o_wb_stall)
            tick();
    }

    // Presents a request with STB up until the slave takes it; returns the
    // cycle it was accepted in.
    uint64_t present(bool we, uint32_t word, uint32_t data, uint8_t sel) {
        dut_->i_wb_cyc = 1;
        dut_->i_wb_stb = 1;
        dut_->i_wb_we = we;
        dut_->i_wb_addr = word;
        dut_->i_wb_data = data;
        dut_->i_wb_sel = sel;
        for (unsigned waited = 0;; waited++) {
            dut_->i_clk = 0;
            dut_->eval();
            const bool take = !dut_->o_wb_stall;
            const uint64_t at = cycle_;
            if (!take && waited == kPatience && hang_.empty())
                hang_ = "request not accepted within " + std::to_string(kPatience) +
                        " cycles at cycle " + std::to_string(at);
            tick();
            if (take || !hang_.empty())
                return at;
        }
    }

    // Waits for the ack of the request just accepted (STB already down)
    // and returns its data, the ack cycle consumed.
    uint32_t await_ack() {
        for (unsigned waited = 0;; waited++) {
            dut_->i_clk = 0;
            dut_->eval();
            if (dut_->o_wb_ack)
                break;
            if (waited == kPatience) {
                if (hang_.empty())
                    hang_ = "no ack within " + std::to_string(kPatience) + " cycles at cycle " +
                            std::to_string(cycle_);
                return 0;
            }
            tick();
        }
        const uint32_t v = dut_->o_wb_data;
        tick();
        return v;
    }

    // A classic single access; *accepted gets the cycle it took effect.
    uint32_t access(bool we, uint32_t word, uint32_t data, uint64_t *accepted = nullptr,
                    uint8_t sel = 0xf) {
        const uint64_t at = present(we, word, data, sel);
        if (accepted)
            *accepted = at;
        dut_->i_wb_stb = 0;
        const uint32_t v = await_ack();
        dut_->i_wb_cyc = 0;
        return v;
    }

    uint32_t rd(uint32_t byte_off, uint64_t *at = nullptr) { return access(false, w(byte_off), 0, at); }
    void wr(uint32_t byte_off, uint32_t v, uint64_t *at = nullptr, uint8_t sel = 0xf) {
        access(true, w(byte_off), v, at, sel);
    }
    uint64_t rd64(unsigned n, uint64_t *at = nullptr) {
        const uint32_t lo = rd(PERF_REG_TIME_LO(n), at);
        return ((uint64_t)rd(PERF_REG_TIME_HI(n)) << 32) | lo;
    }
    // A RESET through the bus, and the wait for the RAM clear.
    void reset_all() {
        wr(PERF_REG_TIME_LO(0), 1);
        idle_until_ready();
    }
    // Issues an access and, at once, a read of ID behind it with STB held;
    // returns the cycles from acceptance to the access's ack and to the
    // acceptance of the read behind it (the datasheet's timing table).
    void timing(bool we, uint32_t byte_off, uint32_t data, uint64_t *ack_after,
                uint64_t *next_after) {
        dut_->i_wb_cyc = 1;
        dut_->i_wb_stb = 1;
        dut_->i_wb_we = we;
        dut_->i_wb_addr = w(byte_off);
        dut_->i_wb_data = data;
        dut_->i_wb_sel = 0xf;
        uint64_t a = 0;
        bool first = true;
        *ack_after = *next_after = 0;
        for (;;) {
            dut_->i_clk = 0;
            dut_->eval();
            if (dut_->o_wb_ack && *ack_after == 0)
                *ack_after = cycle_ - a;
            if (!dut_->o_wb_stall) {
                if (first) {
                    a = cycle_;
                    tick();
                    dut_->i_wb_we = 0;
                    dut_->i_wb_addr = w(PERF_REG_ID);
                    first = false;
                    continue;
                }
                *next_after = cycle_ - a;
                tick();
                break;
            }
            tick();
        }
        dut_->i_wb_stb = 0;
        await_ack();
        dut_->i_wb_cyc = 0;
    }

    void idle(unsigned cycles) {
        for (unsigned i = 0; i < cycles; i++)
            tick();
    }

    void random_ops(uint64_t seed, uint64_t ops);

    static constexpr unsigned NSEC = PERF_NUM_SECTIONS;
    static constexpr unsigned TRACE_DEPTH = PERF_TRACE_DEPTH;

    // What one random run did, for its report line.
    struct Stats {
        uint64_t ops = 0, snapshots = 0, resets = 0, aborts = 0, preloads = 0, lanes = 0;
    } stats;

private:
    VerilatedContext *ctx_;
    std::unique_ptr<Vperfscope> dut_;
    std::unique_ptr<VerilatedFstC> fst_;
    PerfModel model_;
    uint64_t cycle_ = 0;
    std::string hang_;
    std::mt19937_64 rng_;
    unsigned ready_every_ = 1;
    std::vector<Taken> taken_;
    bool retire_on_ = false;
    std::mt19937_64 rt_rng_{11};
};

// Random mix of every access kind: pipelined bursts (STB held, address
// changed on acceptance) and single accesses with gaps, with CYC dropped
// between some of them and after some acceptances (an abort). Only the model
// checks these reads.
void Bench::random_ops(uint64_t seed, uint64_t ops) {
    std::mt19937_64 rng(seed);
    auto pick = [&](unsigned n) { return (unsigned)(rng() % n); };
    // Byte lanes: mostly whole words, else bytes, halfwords and any mix.
    auto lanes = [&]() -> uint8_t {
        static const uint8_t narrow[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0xc};
        if (pick(4) != 0)
            return 0xf;
        stats.lanes++;
        return pick(3) ? narrow[pick(6)] : (uint8_t)pick(16);
    };
    // One request in the current cycle and on until accepted.
    auto request = [&](bool we, uint32_t word, uint32_t data, uint8_t sel) {
        present(we, word, data, sel);
        stats.ops++;
    };

    // With the retire tap, now and then a burst of trace events alone, the
    // consumer keeping up: long enough (some 1,000 records without a reset,
    // RESET, CLEAR or loss) for the period's SYNC to come, and to wait.
    unsigned burst = 0;
    while (stats.ops < ops && model_.ok() && hang_.empty()) {
        if (PERF_RETIRE && TRACE_DEPTH && burst == 0 && pick(8000) == 0) {
            burst = 800;
            set_ready(1);
            request(true, w(PERF_REG_TRACE_CTRL), 1, 0xf);
            request(true, w(PERF_REG_RETIRE_CTRL), 1, 0xf);
        }
        const unsigned kind = burst ? (burst--, 500 + pick(120)) : pick(1000);
        const unsigned sec = pick(8);
        uint32_t data = (uint32_t)rng();
        if (kind < 4) {
            // A reset of the IP, while a request may be outstanding or
            // presented; the master forgets its request, as Wishbone says.
            dut_->i_wb_cyc = pick(2);
            dut_->i_wb_stb = pick(2);
            reset_pulse(1 + pick(3));
            dut_->i_wb_stb = 0;
            stats.resets++;
            continue;
        }
        if (kind < 8) {
            // Counters near their limits from the next reset on.
            const bool near = pick(3) != 0;
            preload(near ? ~(uint64_t)0 - pick(300) : rng(), near ? ~0u - pick(6) : (uint32_t)rng());
            request(true, 0, 1, 0x1);
            stats.preloads++;
        } else if (kind < 28) {
            // A snapshot, as perf_snapshot takes it: lo/hi pairs and counts
            // of every section back to back, then RUN, OVF and the global.
            stats.snapshots++;
            for (unsigned n = 1; n <= 7; n++) {
                request(false, 4 * n, 0, 0xf);
                request(false, 4 * n + 1, 0, 0xf);
                request(false, 4 * n + 2, 0, 0xf);
            }
            request(false, 2, 0, 0xf);
            request(false, w(PERF_REG_RUN), 0, 0xf);
            request(false, w(PERF_REG_OVF), 0, 0xf);
            request(false, 0, 0, 0xf);
            request(false, 1, 0, 0xf);
        } else if (kind < 260) {
            request(true, 4 * sec + 1, data, lanes());                      // BEGIN / START
        } else if (kind < 450) {
            request(true, 4 * sec, sec == 0 ? data & ~1u : data, lanes());  // END / STOP
        } else if (kind < 458) {
            request(true, 0, data | 1, lanes());                            // RESET, or STOP
        } else if (kind < 475) {
            request(true, w(PERF_REG_OVF), data, lanes());                  // clear flags
        } else if (kind < 500) {
            request(true, pick(64), data, lanes());                         // any word
        } else if (TRACE_DEPTH && kind < 700) {
            // The trace unit: mostly events, some TRACE_CTRL writes (CLEAR
            // rarely), its reads and pops; the consumer changes its pace.
            const unsigned t = pick(100);
            if (t < 60)
                request(true, w(PERF_REG_TRACE_ENTER) + pick(4), data, 0xf);
            else if (t < 63)
                request(true, w(PERF_REG_TRACE_CTRL), pick(4) ? (pick(3) ? 1u : 3u) : data & 7u, lanes());
            else if (t < 75)
                request(false, w(PERF_REG_TRACE_STATUS) + pick(2), 0, 0xf);
            else
                request(false, w(PERF_REG_TRACE_POP_LO) + pick(2), 0, 0xf);
            if (pick(300) == 0) {
                static const unsigned paces[] = {0, 1, 1, 2, 3, 8, 40};
                set_ready(paces[pick(7)]);
            }
        } else if (PERF_RETIRE && kind < 780) {
            // The retire tap's registers: CALLS mostly on, trigger
            // addresses in the program's range (sections 0..3 selected,
            // some without triggers), the histogram started, stopped,
            // cleared and read out, and reads of everything.
            const unsigned t = pick(100);
            const uint32_t pc = kRtBase + 4 * pick(kRtWords);
            if (t < 6)
                request(true, w(PERF_REG_RETIRE_CTRL), pick(5) ? 1u : data & ~1u, lanes());
            else if (t < 14)
                request(true, w(PERF_REG_TRIG_SEL), pick(4), lanes());
            else if (t < 22)
                request(true, w(PERF_REG_TRIG_START), pc | (pick(3) != 0), lanes());
            else if (t < 28)
                request(true, w(PERF_REG_TRIG_END), pc | pick(2), lanes());
            else if (t < 30)
                request(true, w(PERF_REG_TRIG_LOST), data, lanes());
            else if (t < 38)
                request(true, w(PERF_REG_HIST_CTRL), pick(4) ? pick(2) : data & 3u, lanes());
            else if (t < 42)
                request(true, w(PERF_REG_HIST_BASE), kRtBase - 64 + 4 * pick(48), lanes());
            else if (t < 46)
                request(true, w(PERF_REG_HIST_CFG), pick(3) | pick(3) << 8, lanes());
            else if (t < 50)
                request(true, w(PERF_REG_HIST_INDEX), pick(2) ? pick(PERF_HIST_BUCKETS + 2) : data, lanes());
            else if (t < 70)
                request(false, w(PERF_REG_HIST_DATA), 0, lanes());
            else
                request(false, w(PERF_REG_RETIRE_CTRL) + pick(10), 0, lanes());
        } else if (kind < 900) {
            request(false, 4 * sec + pick(4), 0, lanes());                  // section registers
        } else {
            request(false, pick(64), 0, lanes());                           // any word
        }
        if (pick(3) == 0)  // keep STB up: the next request follows at once
            continue;
        dut_->i_wb_stb = 0;
        if (pick(40) == 0) {
            // Abort: CYC drops right after acceptance.
            dut_->i_wb_cyc = 0;
            tick();
            stats.aborts++;
        }
        const unsigned gap = pick(4) == 0 ? pick(40) : pick(3);
        for (unsigned i = 0; i < gap; i++) {
            if (i == 0 && pick(2) == 0)
                dut_->i_wb_cyc = 0;  // the bus goes idle in the gap
            tick();
        }
    }
    dut_->i_wb_stb = 0;
    idle(12);
    dut_->i_wb_cyc = 0;
}

void directed(Bench &b) {
    const unsigned last = Bench::NSEC;
    check("ID", b.rd(PERF_REG_ID), PERF_ID_VALUE);
    check("CONFIG", b.rd(PERF_REG_CONFIG),
          (PERF_VERSION_MAJOR << 16) | (PERF_VERSION_MINOR << 8) | Bench::NSEC
              | (Bench::TRACE_DEPTH ? (unsigned)__builtin_ctz(Bench::TRACE_DEPTH) << PERF_CONFIG_TRACE_SHIFT : 0u)
              | (PERF_HIST_BUCKETS ? (unsigned)__builtin_ctz(PERF_HIST_BUCKETS) << PERF_CONFIG_HIST_SHIFT : 0u)
              | (unsigned)PERF_RETIRE << PERF_CONFIG_RETIRE_SHIFT | (unsigned)PERF_TRIGGERS << PERF_CONFIG_TRIGGERS_SHIFT);
    check("reset: global time", b.rd64(0), 0);
    check("reset: section time", b.rd64(last), 0);
    check("reset: RUN", b.rd(PERF_REG_RUN), 0);

    // Global time = read cycle - start cycle.
    uint64_t s, r, bg, e;
    b.wr(PERF_REG_TIME_HI(0), 0, &s);
    b.idle(37);
    const uint64_t g = b.rd64(0, &r);
    check("global time counts from START", g, r - s);
    check("START counts a global occurrence", b.rd(PERF_REG_OCC(0)), 1);
    check("RUN shows the global counter", b.rd(PERF_REG_RUN), 1);

    // A section measures end cycle - begin cycle.
    b.wr(PERF_REG_TIME_HI(1), 0, &bg);
    b.idle(100);
    b.wr(PERF_REG_TIME_LO(1), 0, &e);
    check("section time = end - begin", b.rd64(1), e - bg);
    check("section occurrences", b.rd(PERF_REG_OCC(1)), 1);

    // Back to back: BEGIN then END with no gap on the bus.
    const uint64_t t1 = b.rd64(1);
    b.wr(PERF_REG_TIME_HI(1), 0, &bg);
    b.wr(PERF_REG_TIME_LO(1), 0, &e);
    check("back-to-back section adds end - begin", b.rd64(1) - t1, e - bg);
    check("back-to-back BEGIN/END are accepted 2 cycles apart, as by a one-cycle slave", e - bg, 2);

    // Reading while counting does not disturb: two reads of a running
    // section differ by exactly the cycles between them.
    b.wr(PERF_REG_TIME_HI(last), 0, &bg);
    uint64_t r1, r2;
    const uint64_t v1 = b.rd64(last, &r1);
    b.idle(13);
    const uint64_t v2 = b.rd64(last, &r2);
    check("live read of a running section", v1, r1 - bg);
    check("reads do not disturb a running section", v2 - v1, r2 - r1);
    b.wr(PERF_REG_TIME_LO(last), 0, &e);
    check("section read after reads", b.rd64(last), e - bg);

    // BEGIN of a running section: time continues, one more occurrence.
    uint64_t b2;
    const uint64_t before = b.rd64(2);
    b.wr(PERF_REG_TIME_HI(2), 0, &bg);
    b.idle(5);
    b.wr(PERF_REG_TIME_HI(2), 0, &b2);
    b.idle(5);
    b.wr(PERF_REG_TIME_LO(2), 0, &e);
    check("BEGIN of a running section keeps its start", b.rd64(2) - before, e - bg);
    check("BEGIN of a running section counts", b.rd(PERF_REG_OCC(2)), 2);
    // END of a stopped section does nothing.
    const uint64_t t2 = b.rd64(2);
    b.wr(PERF_REG_TIME_LO(2), 0);
    b.idle(9);
    check("END of a stopped section is a no-op", b.rd64(2), t2);

    // Section begun while the global counter is stopped: no occurrence, time
    // from START to END; STOP freezes a running section.
    uint64_t st1, sp1, st2;
    b.wr(PERF_REG_TIME_LO(0), 0, &sp1);  // STOP
    check("STOP freezes the global time", b.rd64(0), sp1 - s);
    b.wr(PERF_REG_TIME_HI(3), 0, &bg);
    b.idle(20);
    check("no occurrence while global stopped", b.rd(PERF_REG_OCC(3)), 0);
    check("no time while global stopped", b.rd64(3), 0);
    b.wr(PERF_REG_TIME_HI(0), 0, &st1);  // START
    b.idle(10);
    b.wr(PERF_REG_TIME_LO(0), 0, &sp1);  // STOP
    b.idle(10);
    b.wr(PERF_REG_TIME_HI(0), 0, &st2);  // START again
    b.idle(10);
    b.wr(PERF_REG_TIME_LO(3), 0, &e);
    check("section time only while global runs", b.rd64(3), (sp1 - st1) + (e - st2));
    check("RUN after END of 3", b.rd(PERF_REG_RUN), 1);

    // Word 0 with bit 0 set resets everything.
    b.wr(PERF_REG_TIME_LO(0), 1);
    b.idle_until_ready();
    bool all_zero = true;
    for (unsigned n = 0; n <= Bench::NSEC; n++)
        all_zero = all_zero && b.rd64(n) == 0 && b.rd(PERF_REG_OCC(n)) == 0;
    check("RESET clears every counter", all_zero, true);
    check("RESET stops everything", b.rd(PERF_REG_RUN), 0);

    // The hi latch: lo then hi pairs; the pair is the value at the lo read.
    uint64_t s0, lo_at;
    b.wr(PERF_REG_TIME_HI(0), 0, &s0);
    b.idle(3);
    const uint32_t lo = b.rd(PERF_REG_TIME_LO(0), &lo_at);
    b.idle(50);
    check("TIME_LO is the value at its read", lo, lo_at - s0);
    check("TIME_HI returns the word latched with TIME_LO", b.rd(PERF_REG_TIME_HI(0)), 0);
    check("reserved word reads 0", b.rd(PERF_REG_RSVD(1)), 0);

    // The datasheet's bus timing table: ack and next acceptance after cycle a.
    struct Row { const char *what; bool we; uint32_t off, data; uint64_t ack, next; };
    const Row rows[] = {
        {"STOP", true, PERF_REG_TIME_LO(0), 0, 1, 2},
        {"START", true, PERF_REG_TIME_HI(0), 0, 1, 2},
        {"BEGIN of a stopped section", true, PERF_REG_TIME_HI(1), 0, 1, 2},
        {"BEGIN of a running section", true, PERF_REG_TIME_HI(1), 0, 1, 2},
        {"END of a running section", true, PERF_REG_TIME_LO(1), 0, 1, 2},
        {"END of a stopped section", true, PERF_REG_TIME_LO(1), 0, 1, 2},
        {"ignored write", true, PERF_REG_OCC(1), 0, 1, 2},
        {"read ID", false, PERF_REG_ID, 0, 1, 2},
        {"read OCC", false, PERF_REG_OCC(1), 0, 2, 3},
        {"read TIME_LO", false, PERF_REG_TIME_LO(1), 0, 2, 3},
        {"read TIME_HI from the latch", false, PERF_REG_TIME_HI(1), 0, 1, 2},
        {"read TIME_HI, no latch", false, PERF_REG_TIME_HI(1), 0, 2, 3},
        {"write OVF", true, PERF_REG_OVF, 0, 1, 2},
        {"read OVF", false, PERF_REG_OVF, 0, 1, 2},
        {"read RSVD", false, PERF_REG_RSVD(1), 0, 1, 2},
        {"RESET", true, PERF_REG_TIME_LO(0), 1, 1, 9},
    };
    for (const Row &row : rows) {
        uint64_t ack, next;
        b.timing(row.we, row.off, row.data, &ack, &next);
        check(std::string("timing: ") + row.what + ": ack after", ack, row.ack);
        check(std::string("timing: ") + row.what + ": next request after", next, row.next);
    }
    check("unmapped word reads 0", b.rd(0xfc), 0);
    b.wr(PERF_REG_ID, 0x12345678);
    check("ID is read-only", b.rd(PERF_REG_ID), PERF_ID_VALUE);
}

// Every counter and flag, with the global counter stopped: what a write
// that must be ignored must leave alone.
std::string state(Bench &b) {
    std::string s;
    for (unsigned n = 0; n <= 7; n++)
        s += std::to_string(b.rd64(n)) + "/" + std::to_string(b.rd(PERF_REG_OCC(n))) + " ";
    return s + std::to_string(b.rd(PERF_REG_RUN)) + " " + std::to_string(b.rd(PERF_REG_OVF));
}

// The bad inputs of the datasheet's "Misuse and limits" table, one check
// each; run for every section count.
void misuse(Bench &b) {
    const unsigned last = Bench::NSEC;
    const uint32_t present = (2u << last) - 1;
    auto name = [](const std::string &s) { return "misuse: " + s; };
    uint64_t a, c;

    // A state with something in every kind of counter, then frozen.
    b.wr(PERF_REG_TIME_HI(0), 0);
    b.wr(PERF_REG_TIME_HI(1), 0);
    b.wr(PERF_REG_TIME_HI(last), 0);
    b.idle(20);
    b.wr(PERF_REG_TIME_LO(1), 0);
    b.wr(PERF_REG_TIME_LO(0), 0);
    const std::string frozen = state(b);

    for (unsigned n = 0; n <= 7; n++)
        b.wr(PERF_REG_OCC(n), 0xffffffff);
    check(name("writes to OCC are ignored"), state(b) == frozen, true);
    for (unsigned n = 0; n <= 7; n++)
        b.wr(PERF_REG_RSVD(n), 0xffffffff);
    check(name("writes to RSVD are ignored"), state(b) == frozen, true);
    b.wr(PERF_REG_ID, 0xffffffff);
    b.wr(PERF_REG_CONFIG, 0xffffffff);
    b.wr(PERF_REG_RUN, 0xffffffff);
    check(name("writes to ID, CONFIG and RUN are ignored"), state(b) == frozen, true);
    // Without the trace unit its words are unmapped too.
    const uint32_t unmapped = PERF_RETIRE ? PERF_REG_HIST_DATA + 4
                            : Bench::TRACE_DEPTH ? PERF_REG_TRACE_POP_HI + 4 : PERF_REG_OVF + 4;
    for (uint32_t off = unmapped; off < PERF_SPAN_BYTES; off += 4)
        b.wr(off, 0xffffffff);
    check(name("writes to the unmapped words are ignored"), state(b) == frozen, true);
    unsigned nonzero = 0;
    for (unsigned n = 0; n <= 7; n++)
        nonzero += b.rd(PERF_REG_RSVD(n)) != 0;
    check(name("RSVD reads 0"), nonzero, 0);
    nonzero = 0;
    for (uint32_t off = unmapped; off < PERF_SPAN_BYTES; off += 4)
        nonzero += b.rd(off) != 0;
    check(name("unmapped words read 0"), nonzero, 0);
    b.wr(PERF_REG_TIME_LO(2), 0);
    check(name("END of a stopped section changes nothing"), state(b) == frozen, true);
    b.wr(PERF_REG_TIME_LO(0), 0);
    check(name("STOP of the stopped global counter changes nothing"), state(b) == frozen, true);

    if (last < 7) {
        const unsigned absent = last + 1;
        b.wr(PERF_REG_TIME_HI(0), 0);
        const uint32_t run = b.rd(PERF_REG_RUN);
        b.wr(PERF_REG_TIME_HI(absent), 0);
        check(name("BEGIN of a section above NUM_SECTIONS is ignored"), b.rd(PERF_REG_RUN), run);
        b.idle(10);
        check(name("a section above NUM_SECTIONS reads 0"),
              b.rd64(absent) | b.rd(PERF_REG_OCC(absent)), 0);
        b.wr(PERF_REG_TIME_LO(absent), 0);
        b.wr(PERF_REG_TIME_LO(0), 0);
    }

    // Byte and halfword writes act as the word write of their register.
    const uint32_t starts = b.rd(PERF_REG_OCC(0));
    b.wr(PERF_REG_TIME_HI(0), 0, nullptr, 0xc);
    check(name("halfword START (lanes 3:2) starts"), b.rd(PERF_REG_RUN) & 1u, 1);
    b.wr(PERF_REG_TIME_LO(0), 0, nullptr, 0x2);
    check(name("byte STOP (lane 1) stops"), b.rd(PERF_REG_RUN) & 1u, 0);
    b.wr(PERF_REG_TIME_HI(0), 0);
    b.wr(PERF_REG_TIME_LO(0), 1, nullptr, 0xe);
    check(name("RESET's bit without byte lane 0 is a STOP"),
          (b.rd(PERF_REG_RUN) & 1u) | (uint64_t)(b.rd(PERF_REG_OCC(0)) == starts + 2) << 1, 2);
    b.wr(PERF_REG_TIME_HI(0), 0);
    b.wr(PERF_REG_TIME_LO(0), 0xfffffffe);
    check(name("data other than bit 0 makes no RESET"),
          (b.rd(PERF_REG_RUN) & 1u) | (uint64_t)(b.rd(PERF_REG_OCC(0)) == starts + 3) << 1, 2);
    b.wr(PERF_REG_TIME_HI(1), 0, nullptr, 0x8);
    check(name("byte BEGIN (lane 3) begins"), (b.rd(PERF_REG_RUN) >> 1) & 1u, 1);
    b.wr(PERF_REG_TIME_LO(1), 0, nullptr, 0x4);
    check(name("byte END (lane 2) ends"), (b.rd(PERF_REG_RUN) >> 1) & 1u, 0);
    b.wr(PERF_REG_TIME_LO(0), 1, nullptr, 0x1);
    b.idle_until_ready();
    check(name("byte RESET (lane 0) resets"), b.rd(PERF_REG_OCC(0)), 0);

    // Counters at their limits, reached through the test preload.
    b.preload(0, 0xfffffffe);
    b.reset_all();
    b.wr(PERF_REG_TIME_HI(0), 0);
    check(name("occurrences at 2^32 - 1"), b.rd(PERF_REG_OCC(0)), 0xffffffff);
    check(name("no overflow flag before the wrap"), b.rd(PERF_REG_OVF), 0);
    b.wr(PERF_REG_TIME_HI(0), 0);
    check(name("global occurrences wrap to 0"), b.rd(PERF_REG_OCC(0)), 0);
    check(name("the wrap sets OVF bit 0"), b.rd(PERF_REG_OVF), 1);
    b.wr(PERF_REG_TIME_HI(last), 0);
    b.wr(PERF_REG_TIME_HI(last), 0);
    check(name("section occurrences wrap to 0"), b.rd(PERF_REG_OCC(last)), 0);
    check(name("the wrap sets the section's OVF bit"), b.rd(PERF_REG_OVF), 1u | 1u << last);
    b.wr(PERF_REG_OVF, 1, nullptr, 0xe);
    check(name("OVF write without byte lane 0 is ignored"), b.rd(PERF_REG_OVF), 1u | 1u << last);
    b.wr(PERF_REG_OVF, 1);
    check(name("OVF write clears the flags of its 1 bits only"), b.rd(PERF_REG_OVF), 1u << last);
    b.wr(PERF_REG_TIME_LO(0), 1);
    b.idle_until_ready();
    check(name("RESET clears OVF"), b.rd(PERF_REG_OVF), 0);

    // G wraps 40 cycles after START: a section across the wrap still
    // measures end - begin, and every section's flag is set.
    const uint64_t near_end = ~(uint64_t)0 - 39;
    uint64_t s, bg, e, r;
    b.preload(near_end, 0);
    b.reset_all();
    b.wr(PERF_REG_TIME_HI(0), 0, &s);
    b.wr(PERF_REG_TIME_HI(1), 0, &bg);
    b.idle(60);
    b.wr(PERF_REG_TIME_LO(1), 0, &e);
    check(name("a section across G's wrap measures end - begin"), b.rd64(1), e - bg);
    const uint64_t g = b.rd64(0, &r);
    check(name("G wraps to 0 and counts on"), g, near_end + (r - s));
    check(name("G's wrap sets every section's OVF bit"), b.rd(PERF_REG_OVF), present);
    // The edge that ends cycle s + 40 wraps G; reads and clears accepted
    // in that cycle see the flags set.
    b.reset_all();
    b.wr(PERF_REG_TIME_HI(0), 0, &s);
    b.idle((unsigned)(s + 40 - b.now()));
    check(name("OVF read in the cycle G wraps shows the flags"), b.rd(PERF_REG_OVF, &a), present);
    check(name("(that read was accepted in the wrap cycle)"), a, s + 40);
    b.reset_all();
    b.wr(PERF_REG_TIME_HI(0), 0, &s);
    b.idle((unsigned)(s + 40 - b.now()));
    b.wr(PERF_REG_OVF, 0xff, &a);
    check(name("a flag set in the cycle a write clears it stays set"), b.rd(PERF_REG_OVF), present);
    check(name("(that write was accepted in the wrap cycle)"), a, s + 40);
    b.wr(PERF_REG_OVF, 0xff);
    check(name("the next clear clears it"), b.rd(PERF_REG_OVF), 0);
    b.preload(0, 0);
    b.reset_all();

    // Accesses during reset: no ack and no effect; Wishbone resets the
    // master with the slave, so it must not wait for one.
    Vperfscope &d = b.dut();
    // Acks seen over the next n cycles, inputs left as they are.
    auto acks_in = [&](unsigned n) {
        unsigned seen = 0;
        for (unsigned i = 0; i < n; i++) {
            d.i_clk = 0;
            d.eval();
            seen += d.o_wb_ack;
            b.tick();
        }
        return seen;
    };
    unsigned acks = 0;
    d.i_reset = 1;
    d.i_wb_cyc = 1;
    d.i_wb_stb = 1;
    d.i_wb_we = 1;
    d.i_wb_addr = w(PERF_REG_TIME_HI(0));
    acks += acks_in(3);
    d.i_reset = 0;
    d.i_wb_stb = 0;
    acks += acks_in(12);
    d.i_wb_cyc = 0;
    check(name("a request during reset gets no ack"), acks, 0);
    check(name("a request during reset has no effect"), b.rd(PERF_REG_RUN) | b.rd(PERF_REG_OCC(0)), 0);
    a = b.present(false, w(PERF_REG_TIME_LO(1)), 0, 0xf);  // a two-cycle read ...
    d.i_wb_stb = 0;
    b.reset_pulse(1);                                      // ... and a reset before its ack
    acks = 0;
    acks += acks_in(12);
    d.i_wb_cyc = 0;
    check(name("a reset drops the outstanding request's ack"), acks, 0);
    b.wr(PERF_REG_TIME_LO(0), 1, &a);
    b.rd(PERF_REG_ID, &c);
    check(name("a request during the RAM clear waits for its end"), c - a, 9);

    // Aborts: dropping CYC before the ack.
    a = b.present(false, w(PERF_REG_TIME_LO(1)), 0, 0xf);
    d.i_wb_stb = 0;
    d.i_wb_cyc = 0;
    d.i_clk = 0;
    d.eval();
    b.tick();
    d.i_clk = 0;
    d.eval();
    acks = d.o_wb_ack;
    b.rd(PERF_REG_ID, &c);
    check(name("an aborted two-cycle read gets no ack"), acks, 0);
    check(name("after an abort the next request is accepted a cycle sooner"), c - a, 2);
    b.present(true, w(PERF_REG_TIME_HI(1)), 0, 0xf);
    d.i_wb_stb = 0;
    d.i_wb_cyc = 0;
    b.idle(2);
    check(name("an aborted write has taken effect"), (b.rd(PERF_REG_RUN) >> 1) & 1u, 1);
    b.reset_all();

    check(name("the slave never hung"), b.hang().empty(), true);
    if (!b.hang().empty())
        printf("  %s\n", b.hang().c_str());
}

// The trace unit, with exact cycles (docs/trace.md, "Timing"): the records
// of an event, where they appear on the port, their time (a SYNC's window,
// each record's TIME_LO) from G preloaded just below a window's end, the
// SYNC a rollover forces, the depth before each event and its wrap, the
// polled drain, stop on full with its LOSS, OVERWRITE and CLEAR. G runs
// from START on without a stop, so G in cycle c is kPreload + c - s - 1.
void trace_directed(Bench &b) {
    if (!Bench::TRACE_DEPTH)
        return;
    const unsigned D = Bench::TRACE_DEPTH;
    const unsigned half = D < 512 ? D / 2 : 256;  // records per SYNC block
    constexpr uint64_t kWin = 5, kPreload = (kWin << 21) | (0x1fffffu - 60);
    auto name = [](const std::string &what) { return "trace: " + what; };
    auto type = [](uint64_t rec) { return (unsigned)(rec >> (32 + PERF_TRACE_TYPE_SHIFT)); };
    uint64_t s, a, e;
    auto g = [&](uint64_t cycle) { return kPreload + cycle - s - 1; };
    auto event = [](unsigned t, unsigned d, uint64_t gt, uint32_t data) {
        return (uint64_t)t << (32 + PERF_TRACE_TYPE_SHIFT) | (uint64_t)d << (32 + PERF_TRACE_DEPTH_SHIFT) |
               (gt & PERF_TRACE_TIME_LO_MASK) << (32 + PERF_TRACE_TIME_LO_SHIFT) | data;
    };
    b.set_ready(1);
    b.preload(kPreload, 0);
    b.wr(PERF_REG_TIME_LO(0), 1);
    b.idle_until_ready();
    check(name("CONFIG.TRACE"), (b.rd(PERF_REG_CONFIG) & PERF_CONFIG_TRACE_MASK) >> PERF_CONFIG_TRACE_SHIFT,
          (uint64_t)__builtin_ctz(D));
    b.wr(PERF_REG_TIME_HI(0), 0, &s);
    b.wr(PERF_REG_TRACE_CTRL, 1);
    check(name("TRACE_CTRL reads 0 while enabled"), b.rd(PERF_REG_TRACE_CTRL), 0);
    check(name("TRACE_DROPS reads ENABLE in bit 30"), b.rd(PERF_REG_TRACE_DROPS), PERF_TRACE_DROPS_ENABLE_MASK);
    b.taken().clear();
    b.wr(PERF_REG_TRACE_ENTER, 0xabc, &a);
    b.wr(PERF_REG_TRACE_EXIT, 0xabc, &e);
    b.idle(4);
    auto &tk = b.taken();
    check(name("the events lie in the preloaded window"), (g(a) >> 21 == kWin) && (g(e) >> 21 == kWin), true);
    check(name("an event after ENABLE: SYNC and its record"), tk.size(), 3);
    if (tk.size() == 3) {
        check(name("the SYNC leaves in the second cycle after the acceptance"), tk[0].cycle, a + 2);
        check(name("the SYNC's word 0: G's window (bits 52:21) in the acceptance"), tk[0].rec & 0xffffffffu,
              kWin);
        check(name("the SYNC's type"), type(tk[0].rec), PERF_TRACE_SYNC);
        check(name("the event record the cycle after"), tk[1].cycle, a + 3);
        check(name("ENTER: type, depth 0, TIME_LO of G in its acceptance, address"), tk[1].rec,
              event(PERF_TRACE_ENTER, 0, g(a), 0xabc));
        check(name("EXIT: the depth inside the call, 1; TIME_LO of G in its acceptance"), tk[2].rec,
              event(PERF_TRACE_EXIT, 1, g(e), 0xabc));
        check(name("EXIT leaves 3 cycles after its acceptance"), tk[2].cycle, e + 3);
    }
    // G[20:0] rolls over 61 ticks after the preload: the next event, in
    // the next window, takes a SYNC though none is due.
    tk.clear();
    b.idle(80);
    b.wr(PERF_REG_TRACE_ENTER, 0xdef, &a);
    b.idle(4);
    check(name("after a rollover: the event is in the next window"), g(a) >> 21, kWin + 1);
    check(name("after a rollover: a SYNC and the event"), tk.size(), 2);
    if (tk.size() == 2) {
        check(name("the SYNC forced by the rollover: type"), type(tk[0].rec), PERF_TRACE_SYNC);
        check(name("... its window"), tk[0].rec & 0xffffffffu, kWin + 1);
        check(name("... the ENTER: depth 0, TIME_LO in the new window"), tk[1].rec,
              event(PERF_TRACE_ENTER, 0, g(a), 0xdef));
    }
    // Two EXITs from depth 1: the second, at depth 0, wraps the depth to
    // 255, where the ENTER after it finds it, and takes it back to 0.
    tk.clear();
    uint64_t x1, x2, x3;
    b.wr(PERF_REG_TRACE_EXIT, 1, &x1);
    b.wr(PERF_REG_TRACE_EXIT, 2, &x2);
    b.wr(PERF_REG_TRACE_ENTER, 3, &x3);
    b.idle(4);
    check(name("EXIT, EXIT, ENTER: no SYNC"), tk.size(), 3);
    if (tk.size() == 3) {
        check(name("EXIT at depth 1"), tk[0].rec, event(PERF_TRACE_EXIT, 1, g(x1), 1));
        check(name("EXIT at depth 0"), tk[1].rec, event(PERF_TRACE_EXIT, 0, g(x2), 2));
        check(name("ENTER at depth 255: the EXIT at 0 wrapped"), tk[2].rec, event(PERF_TRACE_ENTER, 255, g(x3), 3));
    }
    // Polled: the consumer takes nothing.
    b.set_ready(0);
    b.wr(PERF_REG_TRACE_CTRL, 4 | 1);  // CLEAR, ENABLE stays
    for (unsigned i = 0; i < 5; i++)
        b.wr(PERF_REG_TRACE_IRQ_ENTER, i, i == 0 ? &a : nullptr);
    check(name("STATUS after CLEAR and 5 events: level 6 (a SYNC), GAP 0"), b.rd(PERF_REG_TRACE_STATUS), 6u);
    const uint32_t lo = b.rd(PERF_REG_TRACE_POP_LO);
    const uint32_t hi = b.rd(PERF_REG_TRACE_POP_HI);
    check(name("POP_HI: a SYNC"), hi >> PERF_TRACE_TYPE_SHIFT, PERF_TRACE_SYNC);
    check(name("POP_LO: the SYNC's window, G's at the first IRQ_ENTER"), lo, g(a) >> 21);
    uint64_t at;
    b.rd(PERF_REG_TRACE_POP_LO, &at);
    b.rd(PERF_REG_ID, &e);
    check(name("POP_LO is a two-cycle read: the next request 3 cycles later"), e - at, 3);
    check(name("the pops took two records: level 4, GAP 2"), b.rd(PERF_REG_TRACE_STATUS), 4u | 2u << 16);
    // Fill: stop on full. The FIFO holds 4 records, at 2 to 5; event k
    // goes to 6 + k, until the write pointer enters the second block
    // (index half): a SYNC there, so event k >= half - 6 at 7 + k. At the
    // pointer's wrap to 0, after event D - 8, event D - 7 finds the level
    // at D - 2 with a SYNC due: below D - 1, it goes in with its SYNC and
    // fills the FIFO. Events 0 to D - 7 are recorded, the 16 after dropped.
    std::vector<uint64_t> acc(D + 10);
    for (unsigned i = 0; i < D + 10; i++)
        b.wr(PERF_REG_TRACE_ENTER, i, &acc[i]);
    check(name("stop on full: level D, GAP 0"), b.rd(PERF_REG_TRACE_STATUS), D);
    const uint32_t drops = b.rd(PERF_REG_TRACE_DROPS);
    check(name("stop on full: the events that found no room are counted"), drops & PERF_TRACE_DROPS_COUNT_MASK, 16);
    check(name("stop on full: ENABLE above the count"), drops, PERF_TRACE_DROPS_ENABLE_MASK | 16u);
    b.set_ready(1);
    b.idle(D + 10);
    uint64_t a77;
    b.wr(PERF_REG_TRACE_ENTER, 77, &a77);
    b.idle(8);
    check(name("the drain takes everything"), b.rd(PERF_REG_TRACE_STATUS) & 0xffff, 0);
    // The last three records: LOSS (16), SYNC, the event.
    if (tk.size() >= 3) {
        const size_t n = tk.size();
        check(name("LOSS after the loss"), type(tk[n - 3].rec), PERF_TRACE_LOSS);
        check(name("LOSS counts the drops"), tk[n - 3].rec & 0xffffffffu, 16);
        check(name("LOSS: TIME_LO of the first dropped event, D - 6, ROLLED 0"), tk[n - 3].rec >> 32,
              (uint64_t)PERF_TRACE_LOSS << 29 | (g(acc[D - 6]) & PERF_TRACE_TIME_LO_MASK));
        check(name("then a SYNC"), type(tk[n - 2].rec), PERF_TRACE_SYNC);
        check(name("... with the event's window"), tk[n - 2].rec & 0xffffffffu, g(a77) >> 21);
        check(name("then the event, the depth after D + 10 ENTERs"), tk[n - 1].rec,
              event(PERF_TRACE_ENTER, (D + 10) % 256, g(a77), 77));
    }
    // OVERWRITE: the newest D records stay. D + 5 EXITs make D + 8
    // records: SYNCs at 0, half and D (the pointer's blocks), so the D
    // kept are records 8 to D + 7, the oldest 8 overwritten.
    b.set_ready(0);
    b.wr(PERF_REG_TRACE_CTRL, 4 | 2 | 1);
    check(name("TRACE_DROPS reads ENABLE and OVERWRITE"), b.rd(PERF_REG_TRACE_DROPS),
          PERF_TRACE_DROPS_ENABLE_MASK | PERF_TRACE_DROPS_OVERWRITE_MASK);
    for (unsigned i = 0; i < D + 5; i++)
        b.wr(PERF_REG_TRACE_EXIT, i, &acc[i]);
    check(name("OVERWRITE: full, GAP 0"), b.rd(PERF_REG_TRACE_STATUS), D);
    check(name("OVERWRITE: DROPS counts the records overwritten"), b.rd(PERF_REG_TRACE_DROPS),
          PERF_TRACE_DROPS_ENABLE_MASK | PERF_TRACE_DROPS_OVERWRITE_MASK | 8u);
    // Records 8 and 9: a SYNC where 8 starts a block, else EXIT k for
    // record r = k + 1 + k / (half - 1), at depth -k mod 256.
    for (unsigned r = 8; r < 10; r++) {
        const uint32_t w0 = b.rd(PERF_REG_TRACE_POP_LO);
        const uint64_t rec = (uint64_t)b.rd(PERF_REG_TRACE_POP_HI) << 32 | w0;
        const std::string what = "OVERWRITE: the oldest kept, record " + std::to_string(r);
        if (r % half == 0) {
            check(name(what + ": a SYNC"), type(rec), PERF_TRACE_SYNC);
        } else {
            const unsigned k = r - 1 - r / half;
            check(name(what + ": EXIT " + std::to_string(k)), rec,
                  event(PERF_TRACE_EXIT, (256 - k) % 256, g(acc[k]), k));
        }
    }
    b.wr(PERF_REG_TRACE_CTRL, 4);
    check(name("CLEAR empties and zeroes; the mode bits 0"),
          b.rd(PERF_REG_TRACE_STATUS) | b.rd(PERF_REG_TRACE_DROPS) | b.rd(PERF_REG_TRACE_CTRL), 0);
    check(name("POP of the empty FIFO"), b.rd(PERF_REG_TRACE_POP_LO), 0);
    // Bits 27:0 are the RAM's stale output; no record has 1111 in 31:28.
    check(name("... latches a word with bits 31:28 all ones"), b.rd(PERF_REG_TRACE_POP_HI) >> 28, 0xf);
    b.set_ready(1);
    b.preload(0, 0);
    b.reset_all();
}

// The retire tap's events in the trace unit, with exact cycles worked out
// from docs/trace.md's "Timing", not from the model: a call's ENTER alone
// (its SYNC at the edge of its cycle, its record from the slot at the
// next), a return in the very cycle a bus ENTER is accepted (the bus's
// record first, the return's behind it with the same TIME_LO and the depth
// the bus's event left), and a jump, which leaves the depth as it is.
void retire_directed(Bench &b) {
    if (!PERF_RETIRE || !Bench::TRACE_DEPTH)
        return;
    auto name = [](const char *what) { return std::string("retire: ") + what; };
    Vperfscope &d = b.dut();
    // One cycle in which the instruction at pc retires.
    auto retire = [&](uint32_t pc, uint32_t insn) {
        d.i_rt_firing = 1;
        d.i_rt_pc = pc;
        d.i_rt_insn = insn;
        b.tick();
        d.i_rt_firing = 0;
    };
    constexpr uint32_t kJalRa = 0x000000efu, kJalX0 = 0x0000006fu, kRet = 0x00008067u, kAddi = 0x00000013u;
    constexpr uint32_t P = 0x1000, C = 0x2000, Q = 0x3000;
    uint64_t s, a;
    b.set_ready(1);
    b.reset_all();
    b.wr(PERF_REG_TIME_HI(0), 0, &s);
    b.wr(PERF_REG_TRACE_CTRL, 1);
    b.wr(PERF_REG_RETIRE_CTRL, 1);
    check(name("RETIRE_CTRL reads CALLS"), b.rd(PERF_REG_RETIRE_CTRL), 1);
    b.taken().clear();
    retire(P, kJalRa);
    const uint64_t x = b.now();
    retire(C, kAddi);  // the callee's first instruction: ENTER C in cycle x
    b.idle(6);
    auto &tk = b.taken();
    check(name("a call after ENABLE: a SYNC and its ENTER"), tk.size(), 2);
    if (tk.size() == 2) {
        check(name("the SYNC is written at the edge of the event's cycle"), tk[0].cycle, x + 2);
        check(name("... and carries G's window then, 0"), tk[0].rec & 0xffffffffu, (x - s - 1) >> 21);
        check(name("the ENTER comes from the slot at the next edge"), tk[1].cycle, x + 3);
        check(name("ENTER: depth 0, TIME_LO of G in its cycle, the callee"), tk[1].rec,
              ((uint64_t)PERF_TRACE_ENTER << 61) | ((x - s - 1) & PERF_TRACE_TIME_LO_MASK) << 32 | C);
    }
    tk.clear();
    retire(C + 4, kRet);
    d.i_rt_firing = 1;  // the return's target retires as the bus's ENTER is accepted
    d.i_rt_pc = P + 4;
    d.i_rt_insn = kAddi;
    b.wr(PERF_REG_TRACE_ENTER, 0x1234, &a);
    d.i_rt_firing = 0;
    b.idle(6);
    check(name("the bus's ENTER and the return's EXIT"), tk.size(), 2);
    if (tk.size() == 2) {
        check(name("the bus's record first, at the edge after its acceptance"), tk[0].cycle, a + 3);
        const uint64_t lo = ((a - s - 1) & PERF_TRACE_TIME_LO_MASK) << 32;
        check(name("bus ENTER: depth 1 (inside the call), TIME_LO of G in its acceptance"), tk[0].rec,
              ((uint64_t)PERF_TRACE_ENTER << 61) | (uint64_t)1 << 53 | lo | 0x1234);
        check(name("the slot behind it, one edge later"), tk[1].cycle, a + 4);
        check(name("EXIT: the same TIME_LO, depth 2 (after the bus's ENTER), the target with bit 0"), tk[1].rec,
              ((uint64_t)PERF_TRACE_EXIT << 61) | (uint64_t)2 << 53 | lo | ((P + 4) | PERF_TRACE_RETIRE));
    }
    tk.clear();
    retire(P + 8, kJalX0);
    retire(Q, kAddi);  // a jump's target: ENTER | 1
    b.idle(2);
    retire(Q + 4, kJalRa);
    retire(C, kAddi);  // a call: ENTER at the depth the jump left
    b.idle(6);
    check(name("a jump and a call"), tk.size(), 2);
    if (tk.size() == 2) {
        check(name("the jump's ENTER has bit 0 and depth 1"), tk[0].rec >> 32 & ~(uint64_t)PERF_TRACE_TIME_LO_MASK,
              (uint64_t)PERF_TRACE_ENTER << 29 | 1u << 21);
        check(name("the jump's target"), tk[0].rec & 0xffffffffu, Q | PERF_TRACE_RETIRE);
        check(name("the call after the jump: depth still 1"), tk[1].rec >> 53 & 0xff, 1);
    }
    b.wr(PERF_REG_RETIRE_CTRL, 0);
    retire(Q + 8, kJalRa);
    retire(C, kAddi);
    b.idle(6);
    check(name("without CALLS no record"), tk.size(), 2);

    // Trigger addresses (perfscope_trig.v): section 1 BEGINs two cycles
    // after the instruction at its start address retires and ENDs two
    // after the one at its end address, so it measures the cycles between
    // the two retires; the bus is held in the two cycles after each, and
    // the step after the go; a hit in the cycle after another is lost.
    if (PERF_TRIGGERS) {
        uint64_t r1, r2, at;
        b.wr(PERF_REG_TRIG_SEL, 1);
        b.wr(PERF_REG_TRIG_START, P | 1);
        b.wr(PERF_REG_TRIG_END, Q);
        check(name("TRIG_START reads the address and ARM"), b.rd(PERF_REG_TRIG_START), P | 1);
        const uint32_t occ = b.rd(PERF_REG_OCC(1));
        r1 = b.now();
        retire(P, kAddi);
        b.rd(PERF_REG_ID, &at);
        check(name("the bus is held in R + 1, R + 2 and the go's step"), at, r1 + 4);
        b.idle(20);
        r2 = b.now();
        retire(Q, kAddi);
        retire(Q, kAddi);  // in the hit's pend cycle: lost
        b.idle(6);
        check(name("the section measures the cycles between the two retires"), b.rd64(1), r2 - r1);
        check(name("... and counts one occurrence"), b.rd(PERF_REG_OCC(1)), occ + 1);
        check(name("a hit in the cycle after another is lost"), b.rd(PERF_REG_TRIG_LOST), 1);
        b.wr(PERF_REG_TRIG_START, P);  // disarmed
    }
    b.reset_all();
}

}  // namespace

int main(int argc, char **argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    const uint64_t seed = tb_plusarg(ctx.get(), "seed", 1);
    const uint64_t ops = tb_plusarg(ctx.get(), "ops", 200000);
    const char *arg = ctx->commandArgsPlusMatch("trace");
    const bool trace = arg && *arg;
    arg = ctx->commandArgsPlusMatch("random_only");
    const bool random_only = arg && *arg;
    const std::string nsec = std::to_string(Bench::NSEC) + (Bench::NSEC == 1 ? " section" : " sections") +
                             (PERF_TRACE_OREG ? ", TRACE_OREG 1" : "");

    if (!random_only) {
        Bench b(ctx.get(), trace);
        directed(b);
        trace_directed(b);
        retire_directed(b);
        check("directed: reference model agrees", b.model().ok(), true);
        if (!b.model().ok())
            printf("  %s\n", b.model().error().c_str());
    }
    {
        Bench b(ctx.get(), false);
        misuse(b);
        check("misuse, " + nsec + ": reference model agrees", b.model().ok(), true);
        if (!b.model().ok())
            printf("  %s\n", b.model().error().c_str());
    }
    {
        Bench b(ctx.get(), false);
        b.set_retire(PERF_RETIRE != 0);
        b.random_ops(seed, ops);
        const Bench::Stats &st = b.stats;
        const bool ok = b.model().ok() && b.hang().empty();
        char what[320];
        snprintf(what, sizeof what,
                 "random, %s, seed %" PRIu64 ": %" PRIu64 " operations (%" PRIu64 " reads checked, %" PRIu64
                 " snapshots, %" PRIu64 " with byte or halfword lanes, %" PRIu64 " resets, %" PRIu64
                 " aborts, %" PRIu64 " preloads, %" PRIu64 " wraps), every ack's cycle and every stall checked",
                 nsec.c_str(), seed, st.ops, b.model().reads_checked(), st.snapshots, st.lanes,
                 st.resets, st.aborts, st.preloads, b.model().wraps_seen());
        check(what, ok, true);
        check("random, " + nsec + ": counters wrapped", b.model().wraps_seen() > 0, true);
        if (Bench::TRACE_DEPTH) {
            snprintf(what, sizeof what, "random, %s, TRACE_DEPTH %u: %" PRIu64 " trace records checked, %" PRIu64
                     " leaving on the port", nsec.c_str(), Bench::TRACE_DEPTH, b.model().records_checked(),
                     (uint64_t)b.taken().size());
            check(what, b.model().records_checked() > 1000 && b.model().ok(), true);
        }
        if (PERF_RETIRE) {
            // The retire stream must have reached every rule of the two
            // sources' timing, and the triggers and the histogram.
            const PerfModel::RetireStats &r = b.model().retire_stats();
            snprintf(what, sizeof what, "random, retire tap: %" PRIu64 " of its events recorded, %" PRIu64
                     " dropped, %" PRIu64 " in the cycle of a bus event, %" PRIu64 " behind its record, %" PRIu64
                     " period SYNCs waited; %" PRIu64 " trigger commands, %" PRIu64 " histogram reads",
                     r.recorded, r.dropped, r.with_bus, r.late, r.sync_waited, r.goes, r.hist_reads);
            check(what, b.model().ok() && r.recorded > 1000 && r.dropped > 0 && r.late > 0 && r.sync_waited > 0 &&
                  r.goes > 100 && r.hist_reads > 100, true);
        }
        if (!ok)
            printf("  seed %" PRIu64 " (rerun: +seed=%" PRIu64 " +ops=%" PRIu64 "): %s\n", seed, seed,
                   ops, b.hang().empty() ? b.model().error().c_str() : b.hang().c_str());
    }
    return g_failed ? 1 : 0;
}
