// Testbench of the perfscope IP alone (Verilator).
//
// Directed checks compute what each counter must read from the cycles at
// which the testbench's own accesses were accepted (a section begun in cycle
// b and ended in cycle e measures e - b), so they do not trust the reference
// model. A seeded random run then drives long mixes of every access kind,
// back to back and with gaps, and the reference model checks every read.
//
// Usage: perfscope_tb [+seed=N] [+ops=N] [+random_only] [+trace]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "Vperfscope.h"
#include "perf_model.h"
#include "verilated.h"
#include "verilated_fst_c.h"

extern "C" {
#include "perfscope_regs.h"
}

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

class Bench {
public:
    Bench(VerilatedContext *ctx, bool trace) : ctx_(ctx), dut_(new Vperfscope(ctx)), model_(NSEC) {
        if (trace) {
            ctx_->traceEverOn(true);
            fst_.reset(new VerilatedFstC);
            dut_->trace(fst_.get(), 99);
            fst_->open("perfscope_tb.fst");
        }
        dut_->i_reset = 1;
        tick();
        tick();
        dut_->i_reset = 0;
        idle_until_ready();
    }
    ~Bench() {
        if (fst_)
            fst_->close();
        dut_->final();
    }

    uint64_t now() const { return cycle_; }
    PerfModel &model() { return model_; }

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
        if (!dut_->i_reset)
            model_.cycle(cycle_, s);
        if (fst_)
            fst_->dump(2 * cycle_);
        dut_->i_clk = 1;
        dut_->eval();
        if (fst_)
            fst_->dump(2 * cycle_ + 1);
        cycle_++;
    }

    // Waits out the RAM clear that follows a reset.
    void idle_until_ready() {
        while (dut_->o_wb_stall)
            tick();
    }

    // A classic single access; *accepted gets the cycle it took effect.
    uint32_t access(bool we, uint32_t word, uint32_t data, uint64_t *accepted = nullptr,
                    uint8_t sel = 0xf) {
        dut_->i_wb_cyc = 1;
        dut_->i_wb_stb = 1;
        dut_->i_wb_we = we;
        dut_->i_wb_addr = word;
        dut_->i_wb_data = data;
        dut_->i_wb_sel = sel;
        for (;;) {
            dut_->i_clk = 0;
            dut_->eval();
            const bool take = !dut_->o_wb_stall;
            if (take && accepted)
                *accepted = cycle_;
            tick();
            if (take)
                break;
        }
        dut_->i_wb_stb = 0;
        while (!dut_->o_wb_ack) {
            dut_->i_clk = 0;
            dut_->eval();
            if (dut_->o_wb_ack)
                break;
            tick();
        }
        const uint32_t v = dut_->o_wb_data;
        tick();  // the ack cycle
        dut_->i_wb_cyc = 0;
        return v;
    }

    uint32_t rd(uint32_t byte_off, uint64_t *at = nullptr) { return access(false, w(byte_off), 0, at); }
    void wr(uint32_t byte_off, uint32_t v, uint64_t *at = nullptr) { access(true, w(byte_off), v, at); }
    uint64_t rd64(unsigned n, uint64_t *at = nullptr) {
        const uint32_t lo = rd(PERF_REG_TIME_LO(n), at);
        return ((uint64_t)rd(PERF_REG_TIME_HI(n)) << 32) | lo;
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
        while (!dut_->o_wb_ack)
            tick();
        tick();
        dut_->i_wb_cyc = 0;
    }

    void idle(unsigned cycles) {
        for (unsigned i = 0; i < cycles; i++)
            tick();
    }

    // Random mix: pipelined bursts (STB held, address changed on acceptance)
    // and single accesses with gaps. Only the model checks these reads.
    void random_ops(uint64_t seed, uint64_t ops) {
        std::mt19937_64 rng(seed);
        auto pick = [&](unsigned n) { return (unsigned)(rng() % n); };
        uint64_t done = 0;
        while (done < ops) {
            const unsigned kind = pick(100);
            unsigned sec = pick(8);
            uint32_t word, data = (uint32_t)rng();
            bool we = true;
            if (kind < 25) word = 4 * sec + 1;                        // BEGIN / START
            else if (kind < 45) { word = 4 * sec; if (sec == 0) data &= ~1u; }  // END / STOP
            else if (kind < 46) { word = 0; data = 1; }                // RESET
            else if (kind < 50) word = pick(64);                       // any word, any data
            else { we = false; word = (kind < 90) ? 4 * sec + pick(3) : pick(64); }
            dut_->i_wb_cyc = 1;
            dut_->i_wb_stb = 1;
            dut_->i_wb_we = we;
            dut_->i_wb_addr = word;
            dut_->i_wb_data = data;
            dut_->i_wb_sel = (pick(8) == 0) ? (uint8_t)pick(16) : 0xf;
            for (;;) {
                dut_->i_clk = 0;
                dut_->eval();
                const bool take = !dut_->o_wb_stall;
                tick();
                if (take)
                    break;
            }
            done++;
            if (pick(3) == 0) {  // keep STB up: the next request follows at once
                continue;
            }
            dut_->i_wb_stb = 0;
            const unsigned gap = pick(4) == 0 ? pick(40) : pick(3);
            for (unsigned i = 0; i < gap; i++)
                tick();
            if (!model_.ok())
                break;
        }
        dut_->i_wb_stb = 0;
        idle(8);
        dut_->i_wb_cyc = 0;
    }

    static constexpr unsigned NSEC = PERF_NUM_SECTIONS;

private:
    VerilatedContext *ctx_;
    std::unique_ptr<Vperfscope> dut_;
    std::unique_ptr<VerilatedFstC> fst_;
    PerfModel model_;
    uint64_t cycle_ = 0;
};

void directed(Bench &b) {
    const unsigned last = Bench::NSEC;
    check("ID", b.rd(PERF_REG_ID), PERF_ID_VALUE);
    check("CONFIG", b.rd(PERF_REG_CONFIG),
          (PERF_VERSION_MAJOR << 16) | (PERF_VERSION_MINOR << 8) | Bench::NSEC);
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

}  // namespace

int main(int argc, char **argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    const char *arg = ctx->commandArgsPlusMatch("seed=");
    const uint64_t seed = (arg && *arg) ? strtoull(arg + 6, nullptr, 0) : 1;
    arg = ctx->commandArgsPlusMatch("ops=");
    const uint64_t ops = (arg && *arg) ? strtoull(arg + 5, nullptr, 0) : 200000;
    arg = ctx->commandArgsPlusMatch("trace");
    const bool trace = arg && *arg;
    arg = ctx->commandArgsPlusMatch("random_only");
    const bool random_only = arg && *arg;

    if (!random_only) {
        Bench b(ctx.get(), trace);
        directed(b);
        check("directed: reference model agrees", b.model().ok(), true);
        if (!b.model().ok())
            printf("  %s\n", b.model().error().c_str());
    }
    {
        Bench b(ctx.get(), false);
        b.random_ops(seed, ops);
        check("random, " + std::to_string(Bench::NSEC) + " sections: " + std::to_string(ops) + " operations, seed " + std::to_string(seed) +
                  ", " + std::to_string(b.model().reads_checked()) + " reads checked",
              b.model().ok(), true);
        if (!b.model().ok())
            printf("  seed %" PRIu64 ": %s\n", seed, b.model().error().c_str());
    }
    return g_failed ? 1 : 0;
}
