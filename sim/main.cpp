// Verilator harness of the perfscope SoC (soc/rtl/soc_top.v).
//
// Runs a firmware image until it writes SIMCTRL, printing its console output.
// Every cycle, perfscope's bus as the IP sees it goes to the reference model
// (perf_model.h), which checks every value the IP returns. After the exit the
// harness takes perfscope's port over and reads all 64 words, so the model
// also checks the final state of every register.
//
// Built with a UART (-DBAUD_DIV=<n>, the value given to soc_top), it also
// decodes the serial line o_uart_tx, checks that every bit lasts exactly n
// cycles, and with +uart=<file> writes the characters it decoded to the file,
// so that a test can compare them with the console output on stdout. The
// run then ends only once the line is idle.
//
// Plusargs: +firmware=<hex> (required), +timeout=<cycles> (default
// 20000000), +trace[=<file.fst>] (default: sim.fst next to this binary),
// +uart=<file> (UART builds only).
// Exit code: the firmware's (0 = pass, codes above 255 become 255), 3 if the
// model disagreed, 5 if the serial line broke its framing, 124 on a timeout,
// 2 on a usage error.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "Vsoc_top.h"
#include "perf_model.h"
#include "uart_decoder.h"

#ifndef PERF_SECTIONS
#error "build with -DPERF_SECTIONS=<n>, the value given to soc_top"
#endif
#ifndef BAUD_DIV
#define BAUD_DIV 0  // soc_top's default: no UART
#endif

namespace {

const int kResetCycles = 4;
const uint64_t kDefaultTimeout = 20000000;
// Generous bound for the 64 debug reads; perfscope answers in a few cycles.
const uint64_t kDebugTimeout = 64 * 64;
const unsigned kPerfWords = 64;

// Value of +name=<value>, or "" when absent; +name alone gives "1".
std::string plusarg(VerilatedContext &ctx, const std::string &name)
{
    const std::string arg = ctx.commandArgsPlusMatch(name.c_str());
    if (arg.empty())
        return "";
    if (arg == "+" + name)
        return "1";
    if (arg.compare(0, name.size() + 2, "+" + name + "=") != 0)
        return "";  // a longer plusarg that merely starts with name
    return arg.substr(name.size() + 2);
}

std::string dir_of(const char *path)
{
    const std::string p = path;
    const size_t slash = p.rfind('/');
    return slash == std::string::npos ? "." : p.substr(0, slash);
}

}  // namespace

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);  // soc_ram reads +firmware= itself

    const std::string firmware = plusarg(*ctx, "firmware");
    if (firmware.empty() || firmware == "1") {
        std::fprintf(stderr, "usage: %s +firmware=<file.hex> [+timeout=<cycles>] [+trace[=<file.fst>]]\n",
                     argv[0]);
        return 2;
    }
    if (FILE *f = std::fopen(firmware.c_str(), "r"))
        std::fclose(f);
    else {
        std::fprintf(stderr, "sim: cannot read firmware %s\n", firmware.c_str());
        return 2;
    }
    const std::string timeout_arg = plusarg(*ctx, "timeout");
    const uint64_t timeout = timeout_arg.empty() ? kDefaultTimeout : std::strtoull(timeout_arg.c_str(), nullptr, 0);
    std::string trace_file = plusarg(*ctx, "trace");
    if (trace_file == "1")
        trace_file = dir_of(argv[0]) + "/sim.fst";
    const std::string uart_file = plusarg(*ctx, "uart");
    if (!uart_file.empty() && (BAUD_DIV == 0 || uart_file == "1")) {
        std::fprintf(stderr, "sim: +uart=<file> needs a simulator built with a UART (BAUD_DIV=<n>)\n");
        return 2;
    }

    ctx->traceEverOn(!trace_file.empty());
    const std::unique_ptr<Vsoc_top> top{new Vsoc_top{ctx.get(), "TOP"}};
    std::unique_ptr<VerilatedFstC> trace;
    if (!trace_file.empty()) {
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace->open(trace_file.c_str());
    }

    // Drive the clock to `clk` and settle. Time advances one unit per half
    // cycle, so the trace shows both edges.
    auto half_cycle = [&](int clk) {
        top->i_clk = clk;
        top->eval();
        if (trace)
            trace->dump(ctx->time());
        ctx->timeInc(1);
    };

    top->i_reset = 1;
    top->i_dbg_en = 0;
    top->i_dbg_stb = 0;
    top->i_dbg_we = 0;
    top->i_dbg_addr = 0;
    top->i_dbg_wdata = 0;
    top->i_load_we = 0;
    top->i_load_addr = 0;
    top->i_load_data = 0;
    for (int i = 0; i < kResetCycles; i++) {
        half_cycle(0);
        half_cycle(1);
    }
    top->i_reset = 0;

    PerfModel model(PERF_SECTIONS);
    std::unique_ptr<UartDecoder> uart;
    if (BAUD_DIV != 0)
        uart.reset(new UartDecoder(BAUD_DIV));
    enum class Phase { Run, Drain, Issue, Wait, Done } phase = Phase::Run;
    // Debug-port inputs for the next cycle; applied after the rising edge so
    // that the edge sees exactly the sampled inputs.
    bool dbg_en = false, dbg_stb = false;
    uint64_t cycle = 0;
    uint64_t exit_cycle = 0;
    uint32_t exit_code = 0;
    unsigned dbg_word = 0;
    int result = -1;

    while (result < 0) {
        half_cycle(0);  // outputs and the tap settle for this cycle

        PerfBusSample s;
        s.cyc = top->o_perf_cyc;
        s.stb = top->o_perf_stb;
        s.we = top->o_perf_we;
        s.stall = top->o_perf_stall;
        s.ack = top->o_perf_ack;
        s.addr = top->o_perf_addr;
        s.wdata = top->o_perf_wdata;
        s.rdata = top->o_perf_rdata;
        s.sel = top->o_perf_sel;
        if (!model.cycle(cycle, s)) {
            result = 3;
            break;
        }

        if (top->o_console_valid) {
            std::putchar(top->o_console_data);
            std::fflush(stdout);
        }
        if (uart) {
            uart->cycle(cycle, top->o_uart_tx);
            if (!uart->error().empty()) {
                result = 5;
                break;
            }
        }

        // Inputs for the next cycle, decided from this cycle's outputs.
        switch (phase) {
        case Phase::Run:
            if (top->o_exit_valid) {
                exit_code = top->o_exit_code;
                exit_cycle = cycle;
                // Without perfscope (PERF_SECTIONS=0) there is nothing to read back.
                phase = PERF_SECTIONS ? Phase::Drain : Phase::Done;
            } else if (cycle >= timeout) {
                std::fprintf(stderr, "sim: TIMEOUT: no exit after %llu cycles (+timeout=%llu)\n",
                             (unsigned long long)cycle, (unsigned long long)timeout);
                result = 124;
            }
            break;
        case Phase::Drain:
            // The CPU's last perfscope access, if any, must have finished.
            if (!s.cyc && !s.stall && !s.ack) {
                dbg_en = dbg_stb = true;
                phase = Phase::Issue;
            }
            break;
        case Phase::Issue:
            if (!s.stall) {  // accepted at this edge
                dbg_stb = false;
                phase = Phase::Wait;
            }
            break;
        case Phase::Wait:
            if (s.ack) {
                if (++dbg_word == kPerfWords) {
                    phase = Phase::Done;
                } else {
                    dbg_stb = true;
                    phase = Phase::Issue;
                }
            }
            break;
        case Phase::Done:
            // The transmitter took the last character before the firmware
            // exited, but may still be sending it.
            if (!uart || !uart->busy())
                result = exit_code > 255 ? 255 : (int)exit_code;
            break;
        }
        if (phase != Phase::Run && phase != Phase::Done && cycle - exit_cycle > kDebugTimeout) {
            std::fprintf(stderr, "sim: TIMEOUT: perfscope did not answer the debug read of word %u\n", dbg_word);
            result = 124;
        }

        half_cycle(1);
        cycle++;
        top->i_dbg_en = dbg_en;
        top->i_dbg_stb = dbg_stb;
        top->i_dbg_addr = dbg_word % kPerfWords;  // 6 bits; 64 once done
    }

    if (trace)
        trace->close();
    top->final();

    const unsigned long long reads = model.reads_checked(), writes = model.writes_seen();
    if (uart && !uart_file.empty()) {
        if (FILE *f = std::fopen(uart_file.c_str(), "wb")) {
            std::fwrite(uart->text().data(), 1, uart->text().size(), f);
            std::fclose(f);
        } else {
            std::fprintf(stderr, "sim: cannot write %s\n", uart_file.c_str());
            result = 2;
        }
    }
    if (uart && !uart->error().empty())
        std::fprintf(stderr, "sim: UART: %s\n", uart->error().c_str());
    if (!model.ok())
        std::fprintf(stderr, "sim: MISMATCH at cycle %llu; %llu perfscope reads checked, %llu writes seen\n"
                     "sim: %s\n", (unsigned long long)cycle, reads, writes, model.error().c_str());
    else if (phase == Phase::Done)
        std::fprintf(stderr, "sim: exit %u after %llu cycles; %llu perfscope reads checked, %llu writes seen\n",
                     exit_code, (unsigned long long)exit_cycle, reads, writes);
    return result;
}
