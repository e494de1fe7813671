// SPDX-License-Identifier: Apache-2.0
// Board-level Verilator test of syn/ice40/icebreaker_top.v, the RTL that
// becomes the iCEBreaker bitstream, with the SPRAM model from yosys's
// ice40/cells_sim.v and, here, a model of the board's SPI flash holding the
// firmware at 1 MiB, as `iceprog -o 1M` leaves it.
//
// It checks what the board does by itself: the flash loader wakes the flash
// and reads the image into SPRAM, the CPU runs it from the single-ported
// SPRAM, the console leaves on TX, the trace records on TRACE, and the LEDs
// tell the exit code. The decoded serial text goes to stdout.
//
// The trace line is decoded as the console is (every bit exactly
// TRACE_BAUD_DIV cycles) and written, as captured, to +trace_out=. After the
// LED the run goes on until the line has been idle for two records' time,
// so that the FIFO has drained. +trace_ref= names the trace file the
// Verilator SoC (sim/) wrote for the same firmware: the records must be
// the same in number and in every field that does not depend on timing
// (the SoC's RAM here is single-ported, so the records' times, TIME_LO
// and the SYNCs' windows, differ): the type of each, and of all but SYNC
// and LOSS word 0 and the depth. Without +trace_ref= the line must stay
// silent.
//
// usage: Vicebreaker_top +image=<firmware.bin> [+timeout=<cycles>]
//                        [+trace_out=<capture>] [+trace_ref=<sim.trace>]
// Exit code: 0 when the green LED lights (firmware exited 0), 1 when the red
// one does, 5 on a serial framing error, 6 on a flash protocol error, 7 when
// the trace records are not the expected ones, 124 on a timeout, 2 on a
// usage error.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>

#include "Vicebreaker_top.h"
#include "uart_decoder.h"

#ifndef BAUD_DIV
#error "build with -DBAUD_DIV=<n>, the value icebreaker_top uses"
#endif
#ifndef TRACE_BAUD_DIV
#error "build with -DTRACE_BAUD_DIV=<n>, the value icebreaker_top uses"
#endif

namespace {

const uint32_t kImageOffset = 0x100000;
const uint32_t kFlashBytes = 16u << 20;  // W25Q128
// tRES1, release from deep power-down to the next command: 3 us, in 12 MHz
// cycles, rounded up.
const uint64_t kWakeCycles = 36;

// SPI NOR flash in mode 0, just the commands the loader uses. It starts in
// deep power-down, so a loader that forgets to wake it reads nothing.
class SpiFlash {
public:
    explicit SpiFlash(std::vector<uint8_t> mem) : mem_(std::move(mem)) {}

    // The pins after a clock edge; returns the MISO level until the next.
    bool update(uint64_t cycle, bool csn, bool sck, bool mosi)
    {
        if (csn) {
            if (!csn_) {  // deselected: a command ends
                if (cmd_bits_ >= 8 && cmd_ == 0xAB) {
                    awake_ = true;
                    woke_at_ = cycle;
                }
            }
            csn_ = true;
            sck_ = sck;
            cmd_bits_ = 0;
            cmd_ = 0;
            return miso_;
        }
        if (csn_) {  // selected
            csn_ = false;
            if (sck)
                fail(cycle, "SCK high when CS falls (mode 0 needs it low)");
            if (awake_ && cycle - woke_at_ < kWakeCycles)
                fail(cycle, "command sooner than tRES1 after the wake-up");
        }
        if (sck && !sck_) {  // rising edge: the flash samples MOSI
            if (cmd_bits_ < 32)
                cmd_ = (cmd_ << 1) | (mosi ? 1u : 0u);
            cmd_bits_++;
            if (cmd_bits_ == 8 && cmd_ != 0xAB && !awake_)
                fail(cycle, "command while in deep power-down");
            if (cmd_bits_ == 32 && (cmd_ >> 24) == 0x03)
                addr_ = cmd_ & 0xffffff;
        } else if (!sck && sck_ && cmd_bits_ >= 32 && (cmd_ >> 24) == 0x03) {
            // falling edge of a READ after the address: next data bit out
            const unsigned bit = (cmd_bits_ - 32) % 8;
            miso_ = (mem_[addr_ % kFlashBytes] >> (7 - bit)) & 1;
            if (bit == 7)
                addr_++;
            bytes_read_ += (bit == 7);
        }
        sck_ = sck;
        return miso_;
    }

    bool ok() const { return error_.empty(); }
    const std::string &error() const { return error_; }
    uint64_t bytes_read() const { return bytes_read_; }

private:
    void fail(uint64_t cycle, const std::string &what)
    {
        if (error_.empty())
            error_ = what + " at cycle " + std::to_string(cycle);
    }

    std::vector<uint8_t> mem_;
    bool csn_ = true, sck_ = false, miso_ = false, awake_ = false;
    uint64_t woke_at_ = 0;
    unsigned cmd_bits_ = 0;
    uint32_t cmd_ = 0, addr_ = 0;
    uint64_t bytes_read_ = 0;
    std::string error_;
};

const unsigned kRecordBytes = 8;
const size_t kTraceHeaderBytes = 16;  // docs/trace.md, "The trace file"
const uint32_t kTraceVersion = 2;     // the records this compares (PERF_TRACE_VERSION)
// The line idle this long after the LED: the FIFO is empty.
const uint64_t kTraceQuietCycles = 2ull * kRecordBytes * 10 * TRACE_BAUD_DIV;

uint64_t record_at(const std::string &bytes, size_t offset)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < kRecordBytes; i++)
        r |= (uint64_t)(unsigned char)bytes[offset + i] << (8 * i);
    return r;
}

// The fields of a record that do not depend on timing (docs/trace.md,
// "Records"): the type, and for the events (types 1 to 6) word 0 and the
// depth before the event, word 1 bits 28:21. Not TIME_LO (bits 20:0), nor
// a SYNC's window or reserved bits, nor a LOSS's count, ROLLED or TIME_LO.
uint64_t untimed(uint64_t r)
{
    const unsigned type = (unsigned)(r >> 61);
    if (type == 0 || type == 7)
        return r & (7ull << 61);
    return r & ((7ull << 61) | (0xffull << 53) | 0xffffffffull);
}

// The records captured against the reference file's; "" when they agree.
std::string compare_trace(const std::string &got, const std::string &ref_path, size_t *checked)
{
    if (got.size() % kRecordBytes)
        return std::to_string(got.size()) + " bytes on TRACE, not a whole number of records";
    if (ref_path.empty())
        return got.empty() ? "" : std::to_string(got.size() / kRecordBytes) + " records on TRACE, none expected";
    FILE *f = std::fopen(ref_path.c_str(), "rb");
    if (!f)
        return "cannot read +trace_ref=" + ref_path;
    std::string ref;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
        ref.append(buf, n);
    std::fclose(f);
    if (ref.size() < kTraceHeaderBytes || ref.compare(0, 8, std::string("PSTRACE\0", 8)) != 0)
        return ref_path + " is not a trace file";
    const uint32_t version = (uint32_t)(unsigned char)ref[8] | (uint32_t)(unsigned char)ref[9] << 8 |
                             (uint32_t)(unsigned char)ref[10] << 16 | (uint32_t)(unsigned char)ref[11] << 24;
    if (version != kTraceVersion)
        return ref_path + ": trace file version " + std::to_string(version) + ", not " +
               std::to_string(kTraceVersion);
    ref.erase(0, kTraceHeaderBytes);
    const size_t n = got.size() / kRecordBytes, want = ref.size() / kRecordBytes;
    if (n != want)
        return std::to_string(n) + " records on TRACE, " + std::to_string(want) + " in " + ref_path;
    for (size_t i = 0; i < n; i++) {
        const uint64_t g = record_at(got, i * kRecordBytes), r = record_at(ref, i * kRecordBytes);
        if (untimed(g) != untimed(r)) {
            char msg[160];
            std::snprintf(msg, sizeof msg, "record %zu is %016llx on TRACE, %016llx in the reference (untimed fields)",
                          i, (unsigned long long)g, (unsigned long long)r);
            return msg;
        }
    }
    *checked = n;
    return "";
}

}  // namespace

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    const char *image_arg = ctx->commandArgsPlusMatch("image=");
    const std::string image = *image_arg ? std::string(image_arg).substr(7) : "";
    const char *timeout_arg = ctx->commandArgsPlusMatch("timeout=");
    const uint64_t timeout = *timeout_arg ? std::strtoull(timeout_arg + 9, nullptr, 0) : 20000000;
    const char *trace_out_arg = ctx->commandArgsPlusMatch("trace_out=");
    const std::string trace_out = *trace_out_arg ? std::string(trace_out_arg).substr(11) : "";
    const char *trace_ref_arg = ctx->commandArgsPlusMatch("trace_ref=");
    const std::string trace_ref = *trace_ref_arg ? std::string(trace_ref_arg).substr(11) : "";

    std::vector<uint8_t> mem(kFlashBytes, 0xff);
    FILE *f = image.empty() ? nullptr : std::fopen(image.c_str(), "rb");
    if (!f) {
        std::fprintf(stderr,
                     "usage: %s +image=<firmware.bin> [+timeout=<cycles>] [+trace_out=<capture>] "
                     "[+trace_ref=<sim.trace>]\n",
                     argv[0]);
        return 2;
    }
    const size_t n = std::fread(&mem[kImageOffset], 1, kFlashBytes - kImageOffset, f);
    std::fclose(f);

    const std::unique_ptr<Vicebreaker_top> top{new Vicebreaker_top{ctx.get(), "TOP"}};
    SpiFlash flash(std::move(mem));
    UartDecoder uart(BAUD_DIV);
    UartDecoder trace_line(TRACE_BAUD_DIV);

    top->BTN_N = 1;
    top->CLK = 0;
    top->FLASH_IO1 = 0;
    top->eval();

    enum { Loading, Running, Draining } state = Loading;
    uint64_t load_cycles = 0, exit_cycles = 0, trace_idle = 0;
    int result = -1, led_result = -1;
    uint64_t cycle = 0;
    for (; result < 0; cycle++) {
        if (cycle >= timeout) {
            std::fprintf(stderr, "icebreaker: TIMEOUT after %llu cycles\n", (unsigned long long)cycle);
            result = 124;
            break;
        }
        top->CLK = 1;
        top->eval();
        top->FLASH_IO1 = flash.update(cycle, top->FLASH_SSB, top->FLASH_SCK, top->FLASH_IO0);
        top->CLK = 0;
        top->eval();

        uart.cycle(cycle, top->TX);
        trace_line.cycle(cycle, top->TRACE);
        trace_idle = (top->TRACE && !trace_line.busy()) ? trace_idle + 1 : 0;
        if (!uart.error().empty()) {
            std::fprintf(stderr, "icebreaker: UART: %s\n", uart.error().c_str());
            result = 5;
        } else if (!trace_line.error().empty()) {
            std::fprintf(stderr, "icebreaker: TRACE: %s\n", trace_line.error().c_str());
            result = 5;
        } else if (!flash.ok()) {
            std::fprintf(stderr, "icebreaker: flash: %s\n", flash.error().c_str());
            result = 6;
        } else if (state == Loading && top->LEDR_N) {  // red goes out: loaded
            state = Running;
            load_cycles = cycle;
        } else if (state == Running && !uart.busy() && (!top->LEDG_N || !top->LEDR_N)) {
            led_result = top->LEDG_N ? 1 : 0;
            state = Draining;
            exit_cycles = cycle;
        } else if (state == Draining && trace_idle >= kTraceQuietCycles) {
            result = led_result;
        }
    }
    top->final();

    if (!trace_out.empty()) {
        FILE *t = std::fopen(trace_out.c_str(), "wb");
        if (!t || std::fwrite(trace_line.text().data(), 1, trace_line.text().size(), t) != trace_line.text().size()) {
            std::fprintf(stderr, "icebreaker: cannot write +trace_out=%s\n", trace_out.c_str());
            result = 2;
        }
        if (t)
            std::fclose(t);
    }
    size_t checked = 0;
    if (result == 0 || result == 1) {
        const std::string why = compare_trace(trace_line.text(), trace_ref, &checked);
        if (!why.empty()) {
            std::fprintf(stderr, "icebreaker: TRACE: %s\n", why.c_str());
            result = 7;
        }
    }

    std::fwrite(uart.text().data(), 1, uart.text().size(), stdout);
    std::fprintf(stderr,
                 "icebreaker: %s LED after %llu cycles; %zu-byte image, %llu flash bytes loaded in %llu cycles; "
                 "%zu characters on TX; %zu trace records on TRACE by cycle %llu, %zu of them checked against "
                 "the simulation's\n",
                 led_result == 0 ? "green" : led_result == 1 ? "red" : "no", (unsigned long long)exit_cycles, n,
                 (unsigned long long)flash.bytes_read(), (unsigned long long)load_cycles, uart.text().size(),
                 trace_line.text().size() / kRecordBytes, (unsigned long long)cycle, checked);
    return result;
}
