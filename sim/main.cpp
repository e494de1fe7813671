// SPDX-License-Identifier: Apache-2.0
// Verilator harness of the perfscope SoC (soc/rtl/soc_sim_top.v).
//
// Runs a firmware image until it writes SIMCTRL, printing its console output.
// Every cycle, perfscope's bus as the IP sees it goes to the reference model
// (perf_model.h), which checks every value the IP returns. After the exit the
// harness lets the trace FIFO drain into the stream (TRACE_POP_LO's read
// would take a record), takes perfscope's port over and reads all 64
// words, so the model also checks the final state of every register.
//
// Built with a UART (-DBAUD_DIV=<n>, the value given to soc_top), it also
// decodes the serial line o_uart_tx, checks that every bit lasts exactly n
// cycles, and with +uart=<file> writes the characters it decoded to the file,
// so that a test can compare them with the console output on stdout. The
// run then ends only once the line is idle.
//
// Plusargs: +firmware=<hex> (required), +timeout=<cycles> (default
// 20000000), +trace[=<file.fst>] (default: sim.fst next to this binary),
// +uart=<file> (UART builds only), +trace_file=<file> (the trace unit's
// records, in docs/trace.md's file format), +trace_stall=<n> (the harness
// takes the trace stream's records in one cycle of n, those whose number
// is a multiple of n, while the firmware runs; default 1: every cycle;
// never: none, as a SoC whose stream has no consumer, which pops them),
// +model=off (no reference model: the run, its console, trace file and
// exit code are as with it, but nothing is checked, which saves the few
// percent of the run time the model takes; for long regressions of
// firmware that checks its perfscope results itself; default +model=on),
// +retire_file=<file> (the calls, returns, jumps and traps of the CPU's
// retire stream, as the harness's own decoder finds them, in the trace
// file format with simulated cycles as its time: docs/retire.md; the
// stream ends at the program's exit, with a SYNC at the exit's cycle),
// +sections (after the exit, perfscope's section counters as the debug
// reads find them, printed as an "@PS sections" frame on the console).
// Any other argument is refused, and so is one of these given twice. Of
// Verilator's own runtime arguments (+verilator+...) the harness passes on
// the two that make sense for this model, +verilator+seed+<n> (1 to
// 2^31 - 1) and +verilator+rand+reset+<0|1|2>, and refuses the others
// itself: Verilator would print on stdout and end the run with 134, the
// code of the firmware's abort() (the debug ones need a VL_DEBUG build, the
// profiling ones a model built for them; help and version end the run).
//
// The retire tap of an IP built with it (docs/retire.md), armed by the
// harness through the debug port for a program that knows nothing of it
// (sim/dbg_port.h), while the CPU is held in reset (soc_sim_top's
// i_cpu_hold): the program's cycles, "exit after N cycles", count from
// its release, as without the arming. +retire_calls (the trace unit records the program's
// calls, returns, jumps and traps; the global counter is started for their
// time stamps), +hist=<base>,<shift>[,<k>] (the histogram from bucket 0 at
// <base>, buckets of 4 << <shift> bytes, one cycle in 2^<k> charged; after
// the run the harness reads it back and prints it as an "@PS hist" frame on
// the console) and +trig=<n>:<start>:<end>[,...] (section n BEGINs when
// the instruction at <start> retires and ENDs at <end>, each n at most
// once; the global counter is started, and the sections frame printed as
// with +sections). Numbers in decimal or 0x hex. At the exit the harness
// switches off what it armed, the calls first, then the histogram, then
// the global counter, one write each: the histogram charges the 2 cycles
// after the exit's (5 with +retire_calls) to the program's last
// instruction, the loop it exits in.
//
// A program that stops in `while (1);` with interrupts off ends the run
// there, as an exit with 0; in a trap handler, as a failure, 124
// (halt_watch.h, docs/programmers-guide.md).
//
// Console output the harness adds (its frames on stdout, its "sim:" lines
// on stderr) starts on a line of its own: after a program whose last
// character was no newline, a newline goes first, to the stream the
// harness writes to, so stdout holds what the program printed.
//
// The harness is the trace stream's consumer: every record that leaves
// the port goes to the reference model, which predicts each one to the
// cycle, and to the +trace_file=. After the exit and the debug reads it
// keeps taking records until the FIFO is empty (without the model: until
// the port has shown none for kTraceQuiet cycles).
//
// sim/Makefile builds soc_sim_top with its inputs registered (INPUT_REGS=1)
// and defines SIM_INPUTS_REGISTERED: the harness
// then gives each cycle's inputs before the edge that starts it. Verilator
// evaluates logic fed by top-level inputs at every eval(), twice a cycle;
// behind registers, perfscope's bus decoding and the CPU's response to it
// are evaluated once, after the edge. FuseSoC's sim target builds
// soc_sim_top as it is (INPUT_REGS=0), where the inputs are applied after
// the edge.
//
// Before simulating anything it checks its plusargs, that the files they
// name for writing can be created (+trace= only as a regular file: the FST
// writer deletes the file it writes and creates it anew), that none of
// them is the firmware's file or another's (the same device and inode, or,
// for files yet to be created, the same absolute normalized path), and the
// firmware file: a regular, non-empty file of $readmemh words (32-bit hex
// words, @address lines, // and /* */ comments) that fits the RAM. An ELF,
// a directory, an empty or garbled file is refused with one line saying
// what to pass. soc_ram's $readmemh gets the firmware as /dev/fd/<n>, a
// descriptor the harness opened on it (main()), so any path works, and an
// image with no newline at its end as a copy with one.
//
// After the run, and after its own result line, the harness checks that
// everything written to +trace_file=, +retire_file= and +uart= reached the
// file (ferror() and fclose()): one that did not is reported as
// "sim: cannot write +<plusarg>=<file>: <reason>" and makes the exit code 2,
// whatever the run's own; the console on standard output the same. The FST
// writer reports no write error. SIGXFSZ is ignored, so that a file size
// limit is such a write error, not a kill.
//
// The section count the reference model needs is read from the design, not
// given twice: a throwaway instance of soc_sim_top reads perfscope's ID and
// CONFIG registers through the debug port before the run, so whatever
// PERF_SECTIONS the RTL was built with (sim/Makefile, FuseSoC's
// --PERF_SECTIONS) is what the model checks against.
//
// Exit code: the firmware's (0 = pass, codes above 255 become 255), 3 if the
// model disagreed, 4 if the program reached past the RAM, 5 if the serial
// line broke its framing, 124 on a timeout,
// 2 on a usage error (bad plusarg or firmware file; nothing is simulated)
// or on an output file that could not be written (after the run, replacing
// its code).
#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "Vsoc_sim_top.h"
#include "dbg_port.h"
#include "../driver/common/perf_base64.h"  // the driver's pure code, as the host tool uses it
#include "../driver/common/perf_crc32.h"
#include "../driver/common/perf_hist_range.h"
#include "soc.h"  // the reference SoC's clock, SOC_CLOCK_HZ
#include "perf_model.h"
#include "halt_watch.h"
#include "retire_oracle.h"
#include "trace_file.h"
#include "perfscope_frames.h"
#include "perfscope_regs.h"
#include "uart_decoder.h"

#ifndef BAUD_DIV
#define BAUD_DIV 0  // soc_top's default: no UART
#endif

namespace {

const int kResetCycles = 4;
const uint64_t kDefaultTimeout = 20000000;
// +trace_stall='s largest value: one record in a million cycles.
const uint64_t kTraceStallMax = 1000000;
// The SoC in soc_sim_top and its CPU, whose signals the retire oracle and the halt watch read.
const char kSocScope[] = "TOP.soc_sim_top.u_soc";
const char kCpuScope[] = "TOP.soc_sim_top.u_soc.u_cpu";
// Generous bound for the 64 debug reads; perfscope answers in a few cycles.
const uint64_t kDebugTimeout = 64 * 64;
const unsigned kPerfWords = 64;
// soc_top's RAM_BYTES, as sim/Makefile builds it (soc/fw/fw.mk links for
// the same size); its default, 64 KiB, in a build that does not say.
#ifndef SIM_RAM_BYTES
#define SIM_RAM_BYTES 65536
#endif
const uint64_t kRamBytes = SIM_RAM_BYTES;
const uint64_t kRamWords = kRamBytes / 4;
const char kFirmwareHint[] = "pass the .hex that soc/fw/fw.mk builds (build/fw/<cpu>/<dir>/<name>.hex)";
// Without the model, the trace FIFO counts as empty after the exit once
// the port has shown no record for this many cycles in a row: a record is
// on the port from the second cycle after its write (docs/trace.md,
// "Timing"), and after the debug reads only a pending LOSS is written.
const uint64_t kTraceQuiet = 16;

#ifdef SIM_INPUTS_REGISTERED
constexpr bool kInputsRegistered = true;
#else
constexpr bool kInputsRegistered = false;
#endif

// What the harness drives in one cycle: the inputs of soc_sim_top that it
// uses. The loader port (soc_ram reads +firmware= itself) and the debug
// port's writes stay idle; a default Inputs holds the SoC in reset.
struct Inputs {
    bool reset = true;
    bool dbg_en = false;
    bool dbg_stb = false;
    bool dbg_we = false;
    unsigned dbg_addr = 0;
    uint32_t dbg_wdata = 0;
    bool trace_ready = false;
    bool cpu_hold = false;
};

// Runs the design a cycle at a time. After start() and after each
// advance(), the outputs of the current cycle are settled, for the inputs
// given for it. Time advances one unit per half cycle, so a trace shows
// both edges.
class Clock {
public:
    Clock(VerilatedContext &ctx, Vsoc_sim_top &top, VerilatedFstC *trace) : ctx_(ctx), top_(top), trace_(trace)
    {
        top_.i_load_we = 0;
        top_.i_load_addr = 0;
        top_.i_load_data = 0;
    }

    // The first cycle, with these inputs. Registered, they take an edge
    // to arrive, in which the wrapper holds the SoC in reset.
    void start(const Inputs &in)
    {
        apply(in);
        half_cycle(0);
        if (kInputsRegistered)
            half_cycle(1);
    }

    // The edge that ends the current cycle, then the next one's outputs.
    void advance(const Inputs &next)
    {
        if (kInputsRegistered) {
            apply(next);
            half_cycle(0);
            half_cycle(1);
        } else {
            half_cycle(1);
            apply(next);
            half_cycle(0);
        }
    }

private:
    void apply(const Inputs &in)
    {
        top_.i_reset = in.reset;
        top_.i_dbg_en = in.dbg_en;
        top_.i_dbg_stb = in.dbg_stb;
        top_.i_dbg_we = in.dbg_we;
        top_.i_dbg_addr = in.dbg_addr;
        top_.i_dbg_wdata = in.dbg_wdata;
        top_.i_trace_ready = in.trace_ready;
        top_.i_cpu_hold = in.cpu_hold;
    }

    void half_cycle(int clk)
    {
        top_.i_clk = clk;
        top_.eval();
        if (trace_)
            trace_->dump(ctx_.time());
        ctx_.timeInc(1);
    }

    VerilatedContext &ctx_;
    Vsoc_sim_top &top_;
    VerilatedFstC *trace_;
};

// Value of the first +name=<value> or +name, as $value$plusargs finds it:
// `found` tells whether there was one, `bare` whether it had no "=".
struct Plusarg {
    bool found = false;
    bool bare = false;
    std::string value;
};

Plusarg plusarg(int argc, char **argv, const std::string &name)
{
    Plusarg p;
    const std::string flag = "+" + name;
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        if (arg == flag) {
            p.found = p.bare = true;
            return p;
        }
        if (arg.compare(0, flag.size() + 1, flag + "=") == 0) {
            p.found = true;
            p.value = arg.substr(flag.size() + 1);
            return p;
        }
    }
    return p;
}

std::string dir_of(const char *path)
{
    const std::string p = path;
    const size_t slash = p.rfind('/');
    return slash == std::string::npos ? "." : p.substr(0, slash);
}

// The plusargs the harness takes, besides Verilator's own +verilator+...
// ones; soc_ram reads +firmware= too, and no other part of the RTL reads
// any. Each as the refusal of an unknown argument lists it (its name, then
// "=" if it takes a value), and as the usage line writes it: one table, so
// that the usage line cannot leave one out.
struct KnownArg {
    const char *flag;
    const char *usage;
};
const KnownArg kPlusargs[] = {
    {"+firmware=", "+firmware=<file.hex>"},
    {"+timeout=", "[+timeout=<cycles>]"},
    {"+trace[=]", "[+trace[=<file.fst>]]"},
    {"+trace_stall=", "[+trace_stall=<n>|never]"},
    {"+trace_file=", "[+trace_file=<file>]"},
    {"+retire_file=", "[+retire_file=<file>]"},
    {"+retire_calls", "[+retire_calls]"},
    {"+hist=", "[+hist=<base>,<shift>[,<k>]]"},
    {"+trig=", "[+trig=<n>:<start>:<end>[,...]]"},
    {"+sections", "[+sections]"},
    {"+model=", "[+model=on|off]"},
    {"+uart=", "[+uart=<file>]"},
};

// An argument's plusarg name: what follows the + up to its first =.
std::string plusarg_name(const std::string &arg)
{
    return arg.substr(1, arg.find('=') - 1);
}

// The name of a flag of kPlusargs: up to its = or its [ ("+trace[=]").
std::string flag_name(const char *flag)
{
    const std::string f = flag;
    return f.substr(1, f.find_first_of("=[") - 1);
}

// "" if every argument is one of kPlusargs or Verilator's, else the first
// that is not.
std::string unknown_arg(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const std::string arg = argv[i];
        if (arg.compare(0, 11, "+verilator+") == 0)
            continue;
        if (arg.empty() || arg[0] != '+')
            return arg.empty() ? "an empty argument" : arg;
        bool known = false;
        for (const KnownArg &k : kPlusargs)
            known = known || plusarg_name(arg) == flag_name(k.flag);
        if (!known)
            return arg;
    }
    return "";
}

// For arguments that unknown_arg() took: the index of the first that
// gives a plusarg of kPlusargs again, `first` the one before it, or 0.
int repeated_arg(int argc, char **argv, int &first)
{
    for (int i = 2; i < argc; i++) {
        if (std::strncmp(argv[i], "+verilator+", 11) == 0)
            continue;
        for (first = 1; first < i; first++)
            if (plusarg_name(argv[i]) == plusarg_name(argv[first]))
                return i;
    }
    return 0;
}

// A 32-bit number in decimal or 0x hex, all of s.
bool parse_u32(const std::string &s, uint32_t &value)
{
    if (s.empty() || s.size() > 10)
        return false;
    char *end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (*end || v > 0xffffffffull || s[0] == '-' || s[0] == '+')
        return false;
    value = (uint32_t)v;
    return true;
}

// The fields of s between separators sep.
std::vector<std::string> split(const std::string &s, char sep)
{
    std::vector<std::string> out;
    size_t at = 0;
    for (size_t next; (next = s.find(sep, at)) != std::string::npos; at = next + 1)
        out.push_back(s.substr(at, next - at));
    out.push_back(s.substr(at));
    return out;
}

// Verilator's runtime arguments the harness passes on (header comment),
// each with the range of its decimal value, as Verilator 5.006's
// VerilatedContextImp::commandArgVl takes it.
struct VerilatorArg {
    const char *prefix;
    const char *form;  // as the usage line and the messages write it
    unsigned long long min, max;
};
const VerilatorArg kVerilatorArgs[] = {
    {"+verilator+seed+", "+verilator+seed+<n>", 1, 2147483647},
    {"+verilator+rand+reset+", "+verilator+rand+reset+<0|1|2>", 0, 2},
};

// "" if arg, a +verilator+... argument, is one of kVerilatorArgs with a
// value in its range, else the one-line reason (after "sim: ").
std::string verilator_arg_error(const std::string &arg)
{
    for (const VerilatorArg &v : kVerilatorArgs) {
        const std::string prefix = v.prefix;
        if (arg.compare(0, prefix.size(), prefix) != 0)
            continue;
        const std::string value = arg.substr(prefix.size());
        if (!value.empty() && value.size() <= 10 && value.find_first_not_of("0123456789") == std::string::npos) {
            const unsigned long long n = std::strtoull(value.c_str(), nullptr, 10);
            if (n >= v.min && n <= v.max)
                return "";
        }
        return arg + " is not " + v.form + "; its value is a decimal number from " + std::to_string(v.min) +
               " to " + std::to_string(v.max);
    }
    std::string takes;
    for (const VerilatorArg &v : kVerilatorArgs)
        takes += std::string(takes.empty() ? "" : " and ") + v.form;
    return arg + " is not a Verilator runtime argument this harness takes; it takes " + takes + " (sim/main.cpp)";
}

// Whether two names are one file: existing ones by their device and inode
// (a hard link too), names of files yet to be created by their absolute
// path, normalized, with the links of the directories that exist resolved.
bool same_file(const std::string &a, const std::string &b)
{
    namespace fs = std::filesystem;
    std::error_code ea, eb;
    const bool a_exists = fs::exists(a, ea), b_exists = fs::exists(b, eb);
    if (a_exists || b_exists)
        return a_exists && b_exists && fs::equivalent(a, b, ea);
    const fs::path pa = fs::weakly_canonical(fs::absolute(a, ea), ea);
    const fs::path pb = fs::weakly_canonical(fs::absolute(b, eb), eb);
    return !ea && !eb && pa == pb;
}

// Closes an output file the run wrote: "" if everything written reached
// it, else the reason. A write that failed in the run leaves the stream's
// error flag; the flush retries what is still buffered, for its errno.
std::string close_output(FILE *f)
{
    const bool flushed = std::fflush(f) == 0;
    int err = flushed ? 0 : errno;
    const bool failed = !flushed || std::ferror(f);
    const bool closed = std::fclose(f) == 0;
    if (!closed && !err)
        err = errno;
    if (!failed && closed)
        return "";
    return err ? std::strerror(err) : "a write failed";
}

// Opens an output without emptying it: that waits until every output of
// the command line could be opened (empty_output), so that a command line
// refused for a later one loses no file's content.
FILE *open_output(const std::string &path)
{
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        return nullptr;
    FILE *f = fdopen(fd, "wb");
    if (!f) {
        const int err = errno;
        close(fd);
        errno = err;
    }
    return f;
}

// Empties a regular file open_output opened (a device or a pipe has
// nothing to empty); false if it could not be.
bool empty_output(FILE *f)
{
    struct stat st;
    return fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || ftruncate(fileno(f), 0) == 0;
}

// The retire tap's arming from the plusargs (docs/retire.md).
struct TapArgs {
    bool calls = false;
    bool hist = false;
    uint32_t hist_base = 0, hist_shift = 0, hist_k = 0;
    struct Trig {
        uint32_t section, start, end;
    };
    std::vector<Trig> trigs;
};

// One line on stdout: an "@PS <type>" frame of payload (docs/dump-format.md).
void print_frame(const char *type, const std::vector<uint8_t> &payload)
{
    uint32_t crc = PERF_CRC32_INIT;
    for (uint8_t b : payload)
        crc = perf_crc32_byte(crc, b);
    std::printf("@PS %s %zu 0x%08x ", type, payload.size(), ~crc);
    for (size_t i = 0; i < payload.size(); i += 3) {
        char out[4];
        perf_base64_group(&payload[i], (int)std::min<size_t>(3, payload.size() - i), out);
        std::fwrite(out, 1, 4, stdout);
    }
    std::printf("\n");
    std::fflush(stdout);
}

void put_u32(std::vector<uint8_t> &p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p.push_back((uint8_t)(v >> 8 * i));
}

void put_u64(std::vector<uint8_t> &p, uint64_t v)
{
    put_u32(p, (uint32_t)v);
    put_u32(p, (uint32_t)(v >> 32));
}

// One field of a frame's part, in the layout perfscope_frames.h's
// X-macros give (regs/frames.toml): PERF_FRAME_<TYPE>_<PART>_FIELDS(
// PUT_FIELD, payload, record) appends each field of record.
#define PUT_FIELD(type, field, payload, record) put_##type(payload, (record).field);

// A token of a file, printable on one line whatever its bytes.
std::string quoted(const std::string &tok)
{
    std::string out = "'";
    for (size_t i = 0; i < tok.size() && i < 24; i++) {
        const unsigned char c = (unsigned char)tok[i];
        if (c >= 0x20 && c < 0x7f) {
            out += (char)c;
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out + (tok.size() > 24 ? "...'" : "'");
}

// $readmemh's separators (Verilator's VlReadMem).
bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\n';
}

bool is_hex_digit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Checks a firmware image before $readmemh sees it, which would abort on a
// syntax error or an address past the RAM, or load nothing from an empty
// file or a directory and let the CPU run zeros until the timeout. Returns
// "" if the file is fine, and its text in image; else the one-line reason
// (after "sim: ").
std::string check_firmware(const std::string &path, std::string &image)
{
    const std::string what = "firmware " + path;
    struct stat st;
    if (stat(path.c_str(), &st) != 0)
        return what + ": " + std::strerror(errno) + "; " + kFirmwareHint;
    if (S_ISDIR(st.st_mode))
        return what + " is a directory; " + kFirmwareHint;
    if (!S_ISREG(st.st_mode))
        return what + " is not a regular file; " + kFirmwareHint;
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f)
        return what + ": " + std::strerror(errno) + "; " + kFirmwareHint;
    std::string text;
    char buf[65536];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
        text.append(buf, n);
    std::fclose(f);
    if (text.empty())
        return what + " is empty; " + kFirmwareHint;
    if (text.compare(0, 4, "\x7f" "ELF") == 0) {
        std::string hex = path;
        const size_t dot = hex.rfind('.');
        const size_t slash = hex.rfind('/');
        if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
            hex.erase(dot);
        hex += ".hex";
        return what + " is an ELF file; pass the .hex that soc/fw/fw.mk builds next to it (" + hex + ")";
    }

    // $readmemh's syntax, as soc_ram loads it: whitespace-separated words
    // of up to 32 bits ('_' allowed inside), @<hex> word addresses, and
    // comments. Unknown (x) digits are refused: an image has none.
    uint64_t addr = 0, words = 0, byte_words = 0;  // byte_words: of two hex digits
    unsigned line = 1;
    size_t i = 0;
    bool in_comment = false;
    unsigned comment_line = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (in_comment) {
            if (c == '\n')
                line++;
            else if (c == '*' && i + 1 < text.size() && text[i + 1] == '/') {
                in_comment = false;
                i++;
            }
            i++;
            continue;
        }
        if (c == '\n') {
            line++;
            i++;
            continue;
        }
        if (is_space(c)) {
            i++;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
            while (i < text.size() && text[i] != '\n')
                i++;
            continue;
        }
        if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
            in_comment = true;
            comment_line = line;
            i += 2;
            continue;
        }
        // One token, up to the next whitespace or comment (at least one
        // character: a comment starting here was taken above).
        size_t end = i + 1;
        while (end < text.size() && !is_space(text[end]) &&
               !(text[end] == '/' && end + 1 < text.size() && (text[end + 1] == '/' || text[end + 1] == '*')))
            end++;
        const std::string tok = text.substr(i, end - i);
        const bool is_addr = tok[0] == '@';
        std::string digits;
        bool ok = tok.size() > (is_addr ? 1u : 0u);
        for (size_t k = is_addr ? 1 : 0; k < tok.size() && ok; k++) {
            if (is_hex_digit(tok[k]))
                digits += tok[k];
            else if (tok[k] != '_')
                ok = false;
        }
        const std::string where = what + ": line " + std::to_string(line) + ": ";
        if (!ok || digits.empty())
            return where + quoted(tok) + " is not a " + (is_addr ? "@<hex> word address" : "32-bit hex word") +
                   " for $readmemh; " + kFirmwareHint;
        size_t first = digits.find_first_not_of('0');
        if (first == std::string::npos)
            first = digits.size();
        if (digits.size() - first > (is_addr ? 16u : 8u))
            return where + quoted(tok) + (is_addr ? " is not a word address" : " is wider than 32 bits") + "; " +
                   kFirmwareHint;
        if (is_addr) {
            addr = std::strtoull(digits.c_str(), nullptr, 16);
        } else {
            if (addr >= kRamWords) {
                // A word address from 2^62 up has no 64-bit byte address.
                const bool bytes = addr <= UINT64_MAX / 4;
                char msg[160];
                std::snprintf(msg, sizeof msg,
                              "word at %s address 0x%llx is past the end of the RAM (%llu bytes); the image is too big",
                              bytes ? "byte" : "word", (unsigned long long)(bytes ? addr * 4 : addr),
                              (unsigned long long)kRamBytes);
                return where + msg + " for this simulator (build it and the program with a larger RAM_BYTES: "
                                     "make -C sim RAM_BYTES=<bytes>, and the same for soc/fw/fw.mk)";
            }
            addr++;
            words++;
            byte_words += tok.size() == 2;
        }
        i = end;
    }
    if (in_comment)
        return what + ": line " + std::to_string(comment_line) + ": /* comment never ends; " + kFirmwareHint;
    if (words == 0)
        return what + " holds no words; " + kFirmwareHint;
    // objcopy -O verilog writes a byte a word unless told the width: a
    // program of such words runs garbage until the timeout.
    if (words >= 4 && byte_words == words)
        return what + ": every word has two hex digits, a byte-wide image (objcopy -O verilog without "
                      "--verilog-data-width=4?); " + kFirmwareHint;
    image.swap(text);
    return "";
}

// +timeout=<cycles>: a positive decimal count.
bool parse_cycles(const std::string &s, uint64_t &value)
{
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos)
        return false;
    value = std::strtoull(s.c_str(), nullptr, 10);
    return value > 0;
}

// The number of sections of the design's perfscope, from its CONFIG
// register, read through the debug port of a throwaway instance of soc_sim_top
// whose RAM is left empty (its CPU runs into zeros and never reaches the I/O
// region). 0 if no perfscope answers: a SoC built with PERF_SECTIONS=0.
// -1 if something answers that is not perfscope; `why` says what.
int probe_sections(char **argv, std::string &why, uint32_t &config)
{
    VerilatedContext ctx;
    ctx.commandArgs(1, argv);  // no +firmware=: soc_ram stays empty
    const std::unique_ptr<Vsoc_sim_top> top{new Vsoc_sim_top{&ctx, "probe"}};
    Clock clock(ctx, *top, nullptr);
    Inputs in;
    clock.start(in);
    for (int i = 1; i < kResetCycles; i++)
        clock.advance(in);
    in.reset = false;
    in.dbg_en = true;  // perfscope's port is idle after the reset
    clock.advance(in);

    // One read: the request is accepted at the first edge without stall
    // (after perfscope's RAM clear), the ack comes in a later cycle.
    auto read = [&](unsigned word, uint32_t &value) {
        in.dbg_addr = word;
        in.dbg_stb = true;
        clock.advance(in);
        for (int i = 0; i < 64; i++) {
            if (!in.dbg_stb && top->o_perf_ack) {
                value = top->o_perf_rdata;
                return true;
            }
            if (in.dbg_stb && !top->o_perf_stall)
                in.dbg_stb = false;  // accepted at this edge
            clock.advance(in);
        }
        return false;
    };
    uint32_t id = 0;
    config = 0;
    int sections;
    if (!read(PERF_REG_ID / 4, id)) {
        sections = 0;
    } else if (id != PERF_ID_VALUE) {
        char msg[120];
        std::snprintf(msg, sizeof msg, "the perfscope window's ID reads 0x%08x, not 0x%08x", id, PERF_ID_VALUE);
        why = msg;
        sections = -1;
    } else if (!read(PERF_REG_CONFIG / 4, config)) {
        why = "perfscope answered its ID but not a read of CONFIG";
        sections = -1;
    } else {
        sections = (int)((config & PERF_CONFIG_SECTIONS_MASK) >> PERF_CONFIG_SECTIONS_SHIFT);
    }
    top->final();
    return sections;
}

}  // namespace

int main(int argc, char **argv)
{
    // A file size limit (ulimit -f) makes a write fail with EFBIG, which
    // the outputs' checks report, instead of killing the run unexplained.
    std::signal(SIGXFSZ, SIG_IGN);
    // A misspelt plusarg would be ignored, and the run go on without it
    // (+timout=100 to the 20M-cycle default).
    const std::string unknown = unknown_arg(argc, argv);
    if (!unknown.empty()) {
        std::string takes;
        for (const KnownArg &k : kPlusargs)
            takes += std::string(k.flag) + " ";
        for (const VerilatorArg &v : kVerilatorArgs)
            takes += std::string(v.form) + " ";
        std::fprintf(stderr, "sim: %s is not an argument of this harness; it takes %s(sim/main.cpp)\n",
                     unknown.c_str(), takes.c_str());
        return 2;
    }
    // Verilator's own: one it does not know or whose value it refuses
    // would end the run with 134 (header comment).
    for (int i = 1; i < argc; i++)
        if (std::strncmp(argv[i], "+verilator+", 11) == 0) {
            const std::string why = verilator_arg_error(argv[i]);
            if (!why.empty()) {
                std::fprintf(stderr, "sim: %s\n", why.c_str());
                return 2;
            }
        }
    // A plusarg given twice would be read once, the first (plusarg(), and
    // soc_ram's $value$plusargs for +firmware=), the other silently dropped.
    int first = 0;
    const int again = repeated_arg(argc, argv, first);
    if (again) {
        std::fprintf(stderr, "sim: +%s is given twice (%s %s); pass it once\n", plusarg_name(argv[again]).c_str(),
                     argv[first], argv[again]);
        return 2;
    }
    const Plusarg fw_arg = plusarg(argc, argv, "firmware");
    if (!fw_arg.found || fw_arg.bare || fw_arg.value.empty()) {
        std::string usage = std::string("sim: no +firmware= given (the program to run); usage: ") + argv[0];
        for (const KnownArg &k : kPlusargs)
            usage += std::string(" ") + k.usage;
        for (const VerilatorArg &v : kVerilatorArgs)
            usage += std::string(" [") + v.form + "]";
        std::fprintf(stderr, "%s\n", usage.c_str());
        return 2;
    }
    const std::string firmware = fw_arg.value;
    std::string image;
    const std::string fw_error = check_firmware(firmware, image);
    if (!fw_error.empty()) {
        std::fprintf(stderr, "sim: %s\n", fw_error.c_str());
        return 2;
    }
    // soc_ram's $readmemh gets the firmware as /dev/fd/<n> of a descriptor
    // opened here (Linux: opening /dev/fd/<n> opens the file the descriptor
    // is open on), whatever the path: Verilator 5.006 copies the name
    // $readmemh gets into a stack buffer of VL_VALUE_STRING_MAX_CHARS (256)
    // bytes (VL_CVT_PACK_STR_NW), and a longer path overflowed it, a
    // SIGSEGV; and soc_ram's plusarg register holds 1024 characters. An
    // image whose last line has no newline goes as a copy with one, in an
    // anonymous file (memfd): 5.006's reader drops a last word with no
    // newline after it, silently.
    int fw_fd;
    if (image.back() == '\n') {
        fw_fd = open(firmware.c_str(), O_RDONLY);
    } else {
        image += '\n';
        fw_fd = memfd_create("firmware", 0);
        errno = 0;
        if (fw_fd >= 0 && write(fw_fd, image.data(), image.size()) != (ssize_t)image.size()) {
            const int e = errno ? errno : EIO;  // a short write sets none
            close(fw_fd);
            fw_fd = -1;
            errno = e;
        }
    }
    if (fw_fd < 0) {
        std::fprintf(stderr, "sim: firmware %s: %s; %s\n", firmware.c_str(), std::strerror(errno), kFirmwareHint);
        return 2;
    }
    const std::string fw_plusarg = "+firmware=/dev/fd/" + std::to_string(fw_fd);
    std::vector<char *> run_argv(argv, argv + argc);
    for (char *&arg : run_argv)
        if (std::strncmp(arg, "+firmware=", 10) == 0)
            arg = const_cast<char *>(fw_plusarg.c_str());
    uint64_t timeout = kDefaultTimeout;
    const Plusarg timeout_arg = plusarg(argc, argv, "timeout");
    if (timeout_arg.found && (timeout_arg.bare || !parse_cycles(timeout_arg.value, timeout))) {
        std::fprintf(stderr, "sim: +timeout%s%s is not a number of cycles; pass a positive decimal count, e.g. "
                     "+timeout=%llu\n", timeout_arg.bare ? "" : "=", timeout_arg.value.c_str(),
                     (unsigned long long)kDefaultTimeout);
        return 2;
    }
    const Plusarg trace_arg = plusarg(argc, argv, "trace");
    std::string trace_file = trace_arg.value;
    if (trace_arg.found && (trace_arg.bare || trace_file.empty()))
        trace_file = dir_of(argv[0]) + "/sim.fst";
    uint64_t trace_stall = 1; // 0: never, +trace_stall=never
    const Plusarg stall_arg = plusarg(argc, argv, "trace_stall");
    if (stall_arg.found && stall_arg.value == "never") {
	    trace_stall = 0;
    } else if (stall_arg.found && (stall_arg.bare || !parse_cycles(stall_arg.value, trace_stall) ||
	                           trace_stall > kTraceStallMax)) {
	    std::fprintf(
		    stderr,
		    "sim: +trace_stall%s%s is not a number of cycles; pass a decimal count from 1 to %llu, "
		    "or never, e.g. +trace_stall=4\n",
		    stall_arg.bare ? "" : "=", stall_arg.value.c_str(),
		    (unsigned long long)kTraceStallMax);
	    return 2;
    }
    const Plusarg tfile_arg = plusarg(argc, argv, "trace_file");
    if (tfile_arg.found && (tfile_arg.bare || tfile_arg.value.empty())) {
        std::fprintf(stderr, "sim: +trace_file needs a file name, e.g. +trace_file=run.trace\n");
        return 2;
    }
    const Plusarg rfile_arg = plusarg(argc, argv, "retire_file");
    if (rfile_arg.found && (rfile_arg.bare || rfile_arg.value.empty())) {
        std::fprintf(stderr, "sim: +retire_file needs a file name, e.g. +retire_file=run.retire\n");
        return 2;
    }
    TapArgs tap_args;
    const Plusarg calls_arg = plusarg(argc, argv, "retire_calls");
    if (calls_arg.found && !calls_arg.bare) {
        std::fprintf(stderr, "sim: +retire_calls takes no value\n");
        return 2;
    }
    tap_args.calls = calls_arg.found;
    const Plusarg hist_arg = plusarg(argc, argv, "hist");
    if (hist_arg.found) {
        const std::vector<std::string> f = split(hist_arg.value, ',');
        tap_args.hist = true;
        if (hist_arg.bare || f.size() < 2 || f.size() > 3 || !parse_u32(f[0], tap_args.hist_base) ||
            (tap_args.hist_base & 3) || !parse_u32(f[1], tap_args.hist_shift) || tap_args.hist_shift > 7 ||
            (f.size() == 3 && (!parse_u32(f[2], tap_args.hist_k) || tap_args.hist_k > 7))) {
            std::fprintf(stderr, "sim: +hist%s%s is not <base>,<shift>[,<k>]; pass a 4-byte aligned address and "
                         "shift and k of 0..7, e.g. +hist=0x0,0\n", hist_arg.bare ? "" : "=", hist_arg.value.c_str());
            return 2;
        }
    }
    const Plusarg trig_arg = plusarg(argc, argv, "trig");
    if (trig_arg.found) {
        for (const std::string &one : split(trig_arg.value, ',')) {
            const std::vector<std::string> f = split(one, ':');
            TapArgs::Trig t{};
            if (trig_arg.bare || f.size() != 3 || !parse_u32(f[0], t.section) || t.section < 1 ||
                t.section > 7 || !parse_u32(f[1], t.start) || !parse_u32(f[2], t.end) || ((t.start | t.end) & 1)) {
                std::fprintf(stderr, "sim: +trig%s%s is not <n>:<start>:<end>[,...]; pass a section 1..7 and two "
                             "even addresses, e.g. +trig=1:0x1a0:0x1f4\n", trig_arg.bare ? "" : "=",
                             trig_arg.value.c_str());
                return 2;
            }
            // END acts before BEGIN on one instruction (docs/retire.md):
            // such a section would never run.
            if (t.start == t.end) {
                std::fprintf(stderr, "sim: +trig=%s arms section %u with one address, 0x%08x, to start and end; "
                             "the section would never run (END acts first): pass two, e.g. "
                             "+trig=1:0x1a0:0x1f4\n", trig_arg.value.c_str(), t.section, t.start);
                return 2;
            }
            // A section has one pair of trigger addresses: the harness's
            // second arming of it would replace the first.
            for (const TapArgs::Trig &u : tap_args.trigs)
                if (u.section == t.section) {
                    std::fprintf(stderr, "sim: +trig=%s arms section %u twice; a section takes one <start>:<end>, "
                                 "e.g. +trig=1:0x1a0:0x1f4,2:0x200:0x260\n", trig_arg.value.c_str(), t.section);
                    return 2;
                }
            tap_args.trigs.push_back(t);
        }
    }
    // The sections' counters as the debug reads after the exit find them,
    // printed as an "@PS sections" frame: asked for, or with +trig=.
    const Plusarg sections_arg = plusarg(argc, argv, "sections");
    if (sections_arg.found && !sections_arg.bare) {
        std::fprintf(stderr, "sim: +sections takes no value\n");
        return 2;
    }
    const bool sections_frame = sections_arg.found || !tap_args.trigs.empty();
    const Plusarg model_arg = plusarg(argc, argv, "model");
    if (model_arg.found && model_arg.value != "on" && model_arg.value != "off") {
        std::fprintf(stderr, "sim: +model%s%s is neither on nor off; pass +model=off to run without the reference "
                     "model\n", model_arg.bare ? "" : "=", model_arg.value.c_str());
        return 2;
    }
    const bool check = model_arg.value != "off";
    const Plusarg uart_arg = plusarg(argc, argv, "uart");
    const std::string uart_file = uart_arg.value;
    if (uart_arg.found && BAUD_DIV == 0) {
        std::fprintf(stderr, "sim: +uart=<file> needs a simulator built with a UART (BAUD_DIV=<n>)\n");
        return 2;
    }
    if (uart_arg.found && (uart_arg.bare || uart_file.empty())) {
        std::fprintf(stderr, "sim: +uart needs a file name, e.g. +uart=run.uart\n");
        return 2;
    }

    // An output naming the firmware's file would destroy the image before
    // it loads (each is truncated when opened), and two naming one file
    // would truncate or interleave each other: refused before either.
    struct Named {
        std::string flag, file;  // the plusarg and its file
        std::string arg() const { return flag + "=" + file; }
    };
    std::vector<Named> outputs;
    if (tfile_arg.found)
        outputs.push_back({"+trace_file", tfile_arg.value});
    if (rfile_arg.found)
        outputs.push_back({"+retire_file", rfile_arg.value});
    if (!trace_file.empty())
        outputs.push_back({"+trace", trace_file});
    if (uart_arg.found)
        outputs.push_back({"+uart", uart_file});
    for (size_t i = 0; i < outputs.size(); i++) {
        if (same_file(outputs[i].file, firmware)) {
            std::fprintf(stderr, "sim: %s is the firmware's file (+firmware=%s), which it would overwrite; write it "
                         "to another file\n", outputs[i].arg().c_str(), firmware.c_str());
            return 2;
        }
        for (size_t j = 0; j < i; j++)
            if (same_file(outputs[i].file, outputs[j].file)) {
                std::fprintf(stderr, "sim: %s and %s are the same file; give each output a file of its own\n",
                             outputs[j].arg().c_str(), outputs[i].arg().c_str());
                return 2;
            }
    }

    std::string probe_error;
    uint32_t config = 0;
    const int sections = probe_sections(argv, probe_error, config);
    if (sections < 0) {
        std::fprintf(stderr, "sim: MISMATCH before the run: %s\n", probe_error.c_str());
        return 3;
    }
    // The trace unit's depth, from CONFIG as the section count (0: none).
    const unsigned trace_log = (config & PERF_CONFIG_TRACE_MASK) >> PERF_CONFIG_TRACE_SHIFT;
    const unsigned trace_depth = trace_log ? 1u << trace_log : 0;
    // The retire tap's parts, from CONFIG too.
    PerfRetireConfig rt;
    rt.retire = (config & PERF_CONFIG_RETIRE_MASK) != 0;
    const unsigned hist_log = (config & PERF_CONFIG_HIST_MASK) >> PERF_CONFIG_HIST_SHIFT;
    rt.hist_buckets = hist_log ? 1u << hist_log : 0;
    rt.triggers = (config & PERF_CONFIG_TRIGGERS_MASK) >> PERF_CONFIG_TRIGGERS_SHIFT;
    // What the plusargs arm must be in this IP, and the one setting that
    // gives it (sim/Makefile's defaults give the rest: HIST_BUCKETS 4096,
    // TRIGGERS the PERF_SECTIONS, TRACE_DEPTH 512).
    const char *needs_tap = tap_args.calls ? "+retire_calls" : tap_args.hist ? "+hist=" :
                            !tap_args.trigs.empty() ? "+trig=" : nullptr;
    const char *needs_perf = needs_tap ? needs_tap : sections_frame ? "+sections" : nullptr;
    if (needs_perf && !sections) {
        std::fprintf(stderr, "sim: %s needs perfscope (PERF_SECTIONS 0 in this SoC); build the simulator with "
                     "PERF_SECTIONS=<n>\n", needs_perf);
        return 2;
    }
    if (needs_tap && !rt.retire) {
        std::fprintf(stderr, "sim: %s needs perfscope with its retire tap (CONFIG.RETIRE 0); build the simulator "
                     "with RETIRE=1\n", needs_tap);
        return 2;
    }
    if (tap_args.calls && !trace_depth) {
        std::fprintf(stderr, "sim: +retire_calls needs perfscope with its trace unit (CONFIG.TRACE 0); build the "
                     "simulator with TRACE_DEPTH=<n>\n");
        return 2;
    }
    if (tap_args.hist && !rt.hist_buckets) {
        std::fprintf(stderr, "sim: +hist= needs perfscope with a histogram (CONFIG.HIST 0); build the simulator "
                     "with HIST_BUCKETS=<n>\n");
        return 2;
    }
    // The buckets end below 2^32, as gmon.out's ranges do (and
    // perf_hist_start's).
    if (tap_args.hist && perf_hist_end(tap_args.hist_base, rt.hist_buckets, tap_args.hist_shift) > 0xffffffffu) {
        std::fprintf(stderr, "sim: +hist=%s: its %u buckets of %u bytes from 0x%08x end at or past 2^32, which "
                     "gmon.out cannot hold; pass a lower base or a smaller shift\n", hist_arg.value.c_str(),
                     rt.hist_buckets - 1, 4u << tap_args.hist_shift, tap_args.hist_base);
        return 2;
    }
    for (const TapArgs::Trig &t : tap_args.trigs) {
        if ((int)t.section > sections) {
            std::fprintf(stderr, "sim: +trig=: section %u is beyond this perfscope's %d sections (CONFIG.SECTIONS); "
                         "build the simulator with PERF_SECTIONS=%u or more (TRIGGERS follows it)\n", t.section,
                         sections, t.section);
            return 2;
        }
        if (t.section > rt.triggers) {
            std::fprintf(stderr, "sim: +trig=: section %u has no trigger addresses in this perfscope (CONFIG.TRIGGERS "
                         "%u); build the simulator with TRIGGERS=%u or more (at most PERF_SECTIONS, %d here)\n",
                         t.section, rt.triggers, t.section, sections);
            return 2;
        }
    }

    // The trace file: its header once every output is open, each record as
    // it leaves the port.
    std::unique_ptr<FILE, int (*)(FILE *)> tfile{nullptr, std::fclose};
    if (tfile_arg.found) {
        tfile.reset(open_output(tfile_arg.value));
        if (!tfile) {
            std::fprintf(stderr, "sim: cannot write +trace_file=%s: %s\n", tfile_arg.value.c_str(),
                         std::strerror(errno));
            return 2;
        }
    }

    // The retire stream as the harness's own decoder sees it.
    std::unique_ptr<FILE, int (*)(FILE *)> rfile{nullptr, std::fclose};
    if (rfile_arg.found) {
        rfile.reset(open_output(rfile_arg.value));
        if (!rfile) {
            std::fprintf(stderr, "sim: cannot write +retire_file=%s: %s\n", rfile_arg.value.c_str(),
                         std::strerror(errno));
            return 2;
        }
    }

    // The decoded serial line, written after the run: the file is created
    // now, so that one that cannot be is found before the run.
    std::unique_ptr<FILE, int (*)(FILE *)> uart_out{nullptr, std::fclose};
    if (uart_arg.found) {
        uart_out.reset(open_output(uart_file));
        if (!uart_out) {
            std::fprintf(stderr, "sim: cannot write +uart=%s: %s\n", uart_file.c_str(), std::strerror(errno));
            return 2;
        }
    }

    // Verilator's FST writer says nothing of a file it cannot create: the
    // run would go on and leave no waveform. It deletes the file it writes
    // first and creates it anew (fstapi.c's unlink_fopen): run as root, it
    // would replace a device (+trace=/dev/null) with a regular file.
    if (!trace_file.empty()) {
        struct stat st;
        if (stat(trace_file.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
            std::fprintf(stderr, "sim: cannot write +trace=%s: not a regular file (the FST writer deletes the file "
                         "it writes and creates it anew)\n", trace_file.c_str());
            return 2;
        }
        FILE *f = open_output(trace_file);
        if (!f) {
            std::fprintf(stderr, "sim: cannot write +trace=%s: %s\n", trace_file.c_str(), std::strerror(errno));
            return 2;
        }
        std::fclose(f);
    }

    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    // soc_ram reads +firmware= itself, as /dev/fd/<n> (above). Verilator
    // reads errno after its strtoull of +verilator+seed+'s value without
    // clearing it first.
    errno = 0;
    ctx->commandArgs((int)run_argv.size(), run_argv.data());

    ctx->traceEverOn(!trace_file.empty());
    const std::unique_ptr<Vsoc_sim_top> top{new Vsoc_sim_top{ctx.get(), "TOP"}};
    std::unique_ptr<VerilatedFstC> trace;
    if (!trace_file.empty()) {
        trace.reset(new VerilatedFstC);
        top->trace(trace.get(), 99);
        trace->open(trace_file.c_str());
        if (!trace->isOpen()) {  // it also creates <file>.hier next to it
            std::fprintf(stderr, "sim: cannot write +trace=%s: the FST writer could not create it or its .hier file "
                         "next to it\n", trace_file.c_str());
            return 2;
        }
    }

    Clock clock(*ctx, *top, trace.get());
    Inputs in;
    clock.start(in);
    for (int i = 1; i < kResetCycles; i++)
        clock.advance(in);
    in.reset = false;
    // The retire tap is armed before the program starts: the CPU stays in
    // reset until the harness's writes are done (soc_sim_top's i_cpu_hold).
    in.cpu_hold = tap_args.calls || tap_args.hist || !tap_args.trigs.empty();
    in.trace_ready = trace_stall == 1;
    clock.advance(in);  // cycle 0

    PerfModel model((unsigned)sections, trace_depth, rt);
    // The harness's own view of the retire stream: for +retire_file=, and
    // for the model of an IP with the retire tap.
    RetireOracle oracle;
    const bool tap = rfile || rt.retire;
    std::string err;
    const bool oracle_on = oracle.attach(*ctx, kCpuScope, &err);
    if (tap && !oracle_on) {
        std::fprintf(stderr, "sim: retire stream: %s\n", err.c_str());
        return 2;
    }
    // A program that stops in `while (1);` ends the run (halt_watch.h). A
    // CPU without the signals (not module VexRiscv, or built without
    // soc/vexriscv.vlt) runs on to the timeout instead.
    HaltWatch halt;
    const bool halt_on = oracle_on && halt.attach(*ctx, kCpuScope, &err);
    // An access beyond the RAM (soc_top's ram_over) stops the program.
    const CData *ram_over = nullptr;
    const IData *ram_over_addr = nullptr;
    const VerilatedScope *soc = find_scope(*ctx, kSocScope, &err);
    if (!soc || !find_signal(soc, "ram_over", &ram_over, &err) || !find_signal(soc, "ram_over_addr", &ram_over_addr, &err)) {
        std::fprintf(stderr, "sim: %s\n", err.c_str());
        return 2;
    }
    // The command line is taken, every output could be opened: now they
    // are emptied (a regular file that cannot be is an error, as a write).
    for (FILE *f : {tfile.get(), rfile.get(), uart_out.get()})
        if (f && !empty_output(f)) {
            std::fprintf(stderr, "sim: cannot empty an output file: %s\n", std::strerror(errno));
            return 2;
        }
    if (tfile)
        trace_file_header(tfile.get());
    std::unique_ptr<RetireRecorder> retire;
    if (rfile)
        retire.reset(new RetireRecorder(rfile.get()));
    std::unique_ptr<UartDecoder> uart;
    if (BAUD_DIV != 0)
        uart.reset(new UartDecoder(BAUD_DIV));
    // The retire tap armed for the program (+retire_calls, +hist=, +trig=):
    // the calls first, as they are quick, the histogram last, as its clear
    // after the reset lasts a cycle per word.
    DbgPort dbg;
    if (tap_args.calls) {
        dbg.write(PERF_REG_TRACE_CTRL / 4, PERF_TRACE_CTRL_CLEAR_MASK);
        dbg.write(PERF_REG_TRACE_CTRL / 4, PERF_TRACE_CTRL_ENABLE_MASK);
        dbg.write(PERF_REG_RETIRE_CTRL / 4, PERF_RETIRE_CTRL_CALLS_MASK);
        dbg.write(PERF_REG_TIME_HI(0) / 4, 0);  // START: the records' time stamps are G
    }
    // The sections count only while the global counter runs: +trig= starts
    // it too, and stops it at the exit.
    if (!tap_args.trigs.empty() && !tap_args.calls)
        dbg.write(PERF_REG_TIME_HI(0) / 4, 0);  // START
    for (const TapArgs::Trig &t : tap_args.trigs) {
        dbg.write(PERF_REG_TRIG_SEL / 4, t.section);
        dbg.write(PERF_REG_TRIG_START / 4, t.start);
        dbg.write(PERF_REG_TRIG_END / 4, t.end);
        dbg.write(PERF_REG_TRIG_START / 4, t.start | PERF_TRIG_START_ARM_MASK);
    }
    if (tap_args.hist) {
        dbg.poll(PERF_REG_HIST_CTRL / 4, PERF_HIST_CTRL_BUSY_MASK);
        dbg.write(PERF_REG_HIST_BASE / 4, tap_args.hist_base);
        dbg.write(PERF_REG_HIST_CFG / 4,
                  tap_args.hist_shift << PERF_HIST_CFG_SHIFT_SHIFT | tap_args.hist_k << PERF_HIST_CFG_K_SHIFT);
        dbg.write(PERF_REG_HIST_CTRL / 4, PERF_HIST_CTRL_ENABLE_MASK);
    }
    // The histogram read back after the run, into its frame's head and
    // words (perfscope_frames.h's hist layout).
    perf_frame_hist_head hist_head = {};
    std::vector<uint32_t> hist_words;
    auto read_hist = [&]() {
        // Stopped at the exit; its last charges are done once RUN and BUSY
        // read 0.
        dbg.poll(PERF_REG_HIST_CTRL / 4, PERF_HIST_CTRL_RUN_MASK | PERF_HIST_CTRL_BUSY_MASK);
        dbg.read(PERF_REG_HIST_BASE / 4, [&](uint32_t v) { hist_head.base = v; });
        dbg.read(PERF_REG_HIST_CFG / 4, [&](uint32_t v) {
            hist_head.shift = (v & PERF_HIST_CFG_SHIFT_MASK) >> PERF_HIST_CFG_SHIFT_SHIFT;
            hist_head.k = (v & PERF_HIST_CFG_K_MASK) >> PERF_HIST_CFG_K_SHIFT;
        });
        dbg.read(PERF_REG_HIST_CTRL / 4, [&](uint32_t v) { hist_head.status = v; });
        hist_head.n = rt.hist_buckets;
        dbg.write(PERF_REG_HIST_INDEX / 4, 0);
        for (unsigned i = 0; i < rt.hist_buckets; i++)
            dbg.read(PERF_REG_HIST_DATA / 4, [&](uint32_t v) { hist_words.push_back(v); });
    };
    auto hist_frame = [&]() {
        std::vector<uint8_t> p;
        put_u32(p, PERF_FRAME_HIST_VERSION);
        PERF_FRAME_HIST_HEAD_FIELDS(PUT_FIELD, p, hist_head)
        for (const uint32_t w : hist_words)
            put_u32(p, w);
        return p;
    };

    enum class Phase { Arm, Run, Drain, Issue, Wait, Readout, Done } phase = in.cpu_hold ? Phase::Arm : Phase::Run;
    uint64_t cpu_start = 0;  // the first cycle the CPU runs in
    // The cycles the debug reads after the exit may take; the histogram's
    // read-back, a few cycles a word, on top.
    const uint64_t debug_budget = kDebugTimeout + (tap_args.hist ? 16ull * rt.hist_buckets : 0);
    uint64_t cycle = 0;
    uint64_t exit_cycle = 0;
    uint64_t records = 0;     // taken from the stream port
    uint64_t trace_idle = 0;  // cycles since the port last showed a record
    uint32_t exit_code = 0;
    unsigned dbg_word = 0;
    uint32_t perf_words[kPerfWords] = {};  // the debug reads after the exit
    bool retire_on = true;  // the +retire_file= stream takes events
    // After the exit the trace FIFO drains into the stream at a record a
    // cycle, and a pending LOSS follows: nothing more to come, by the model,
    // or, without it, once the port has shown nothing for kTraceQuiet cycles.
    const uint64_t drain_budget = trace_depth + kTraceQuiet + 16;
    auto trace_drained = [&] { return check ? model.trace_drained() : trace_idle >= kTraceQuiet; };
    uint64_t calls_off = 0;  // the harness's requests before the one switching the calls off
    // The program's first write of the histogram's or the triggers' arming
    // registers, which the harness armed (its cycle + 1, or 0), and the
    // trigger hits not acted on (TRIG_LOST), read after the exit.
    uint64_t hist_taken = 0, trig_taken = 0;
    uint32_t trig_lost = 0;
    int result = -1;
    int console_errno = 0;  // the first failed write of the console's, for the line after the run
    // The console's last character was a newline (or there was none): the
    // harness's own lines, its frames on stdout and its "sim:" lines on
    // stderr, start on a line of their own, also where the two streams
    // share a pipe, without a character added to what the program printed.
    bool console_bol = true;
    auto own_line = [&](FILE *f) {
        if (!console_bol)
            std::fputc('\n', f);
        console_bol = true;
    };
    auto drain_timeout = [&] {
        if (cycle - cpu_start - exit_cycle > debug_budget + drain_budget) {
            own_line(stderr);
            std::fprintf(stderr, "sim: TIMEOUT: the trace FIFO did not drain\n");
            result = 124;
        }
    };
    // The sections frame of the debug reads (perf_snapshot_frame's layout,
    // docs/dump-format.md), with the SoC's clock as its programs give it.
    auto print_sections = [&]() {
        std::vector<uint8_t> p;
        put_u32(p, PERF_FRAME_SECTIONS_VERSION);
        // The clock the SoC's programs' frames carry.
        const perf_frame_sections_head head = {SOC_CLOCK_HZ, (uint32_t)sections, perf_words[PERF_REG_RUN / 4]};
        PERF_FRAME_SECTIONS_HEAD_FIELDS(PUT_FIELD, p, head)
        for (int n = 0; n <= sections; n++) {
            const perf_frame_sections_counter counter = {
                perf_words[PERF_REG_TIME_LO(n) / 4] | (uint64_t)perf_words[PERF_REG_TIME_HI(n) / 4] << 32,
                perf_words[PERF_REG_OCC(n) / 4]};
            PERF_FRAME_SECTIONS_COUNTER_FIELDS(PUT_FIELD, p, counter)
        }
        const perf_frame_sections_tail tail = {perf_words[PERF_REG_OVF / 4]};
        PERF_FRAME_SECTIONS_TAIL_FIELDS(PUT_FIELD, p, tail)
        own_line(stdout);
        print_frame("sections", p);
    };

    while (result < 0) {
        RetireEvent ev;
        // The program's calls, up to its exit: after it the CPU spins in
        // its exit loop, and then the harness reads perfscope. With
        // +retire_calls, up to the cycle in which the IP's calls are
        // switched off, a few after the exit, so that the two streams hold
        // the same events. The stream ends with that cycle's time.
        if (retire && retire_on) {
            if (phase == Phase::Arm || phase == Phase::Run || (tap_args.calls && dbg.accepted() == calls_off)) {
                if (oracle.cycle(&ev))
                    retire->event(cycle, ev);
            } else {
                retire->end(cycle - 1);
                retire_on = false;
            }
        }
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
        s.trace_valid = top->o_trace_valid;
        s.trace_ready = in.trace_ready;
        s.trace_data = top->o_trace_data;
        if (rt.retire) {
            s.rt_firing = oracle.firing();
            s.rt_pc = oracle.pc();
            s.rt_insn = oracle.insn();
            s.rt_trap = oracle.trap();
        }
        // In the run only the CPU requests: a write of what the harness
        // armed makes the histogram, or the triggers, the program's.
        if (phase == Phase::Run && s.cyc && s.stb && s.we && !s.stall) {
            const uint32_t reg = s.addr * 4;
            if (tap_args.hist && !hist_taken &&
                (reg == PERF_REG_HIST_CTRL || reg == PERF_REG_HIST_BASE || reg == PERF_REG_HIST_CFG))
                hist_taken = cycle - cpu_start + 1;
            if (!tap_args.trigs.empty() && !trig_taken && (reg == PERF_REG_TRIG_START || reg == PERF_REG_TRIG_END))
                trig_taken = cycle - cpu_start + 1;
        }
        uint64_t rec = s.trace_data;
        bool taken = s.trace_valid && s.trace_ready;
        if (check) {
            if (!model.cycle(cycle, s)) {
                result = 3;
                break;
            }
            taken = model.record_taken(&rec);
        }
        records += taken;
        trace_idle = s.trace_valid ? 0 : trace_idle + 1;
        if (tfile && taken)
            trace_file_record(tfile.get(), rec);

        if (top->o_console_valid) {
            console_bol = top->o_console_data == '\n';
            std::putchar(top->o_console_data);
            if (std::fflush(stdout) != 0 && !console_errno)
                console_errno = errno;
        }
        if (uart) {
            uart->cycle(cycle, top->o_uart_tx);
            if (!uart->error().empty()) {
                result = 5;
                break;
            }
        }

        switch (phase) {
        case Phase::Arm:
            if (!dbg.busy()) {
                in.cpu_hold = false;
                cpu_start = cycle + 1;
                phase = Phase::Run;
            } else if (cycle > debug_budget + 2ull * rt.hist_buckets) {
                own_line(stderr);
                std::fprintf(stderr, "sim: TIMEOUT: perfscope did not take the retire tap's arming\n");
                result = 124;
            }
            break;
        case Phase::Run: {
            const HaltWatch::State halted = halt_on ? halt.cycle(oracle) : HaltWatch::kRunning;
            if (*ram_over) {
                own_line(stderr);
                std::fprintf(stderr, "sim: the program reached 0x%08x, beyond the RAM's %llu bytes, after %llu cycles: "
                             "one linked for a bigger RAM_BYTES runs on a simulator built with it "
                             "(make -C sim RAM_BYTES=<bytes>)\n", *ram_over_addr, (unsigned long long)kRamBytes,
                             (unsigned long long)(cycle - cpu_start));
                result = 4;
            } else if (halted == HaltWatch::kStoppedInTrap) {
                own_line(stderr);
                std::fprintf(stderr, "sim: the program hangs in a trap handler, in an endless loop at 0x%08x with "
                             "interrupts off, after %llu cycles\n", halt.pc, (unsigned long long)(cycle - cpu_start));
                result = 124;
            } else if (top->o_exit_valid || halted == HaltWatch::kStopped) {
                exit_code = top->o_exit_valid ? top->o_exit_code : 0;
                exit_cycle = cycle - cpu_start;
                if (!top->o_exit_valid) {
                    own_line(stderr);
                    std::fprintf(stderr, "sim: the program stopped in an endless loop at 0x%08x with interrupts "
                                 "off (while (1);), taken as its exit with 0\n", halt.pc);
                }
                // The default trap handler's 99 looks like a program's own
                // exit(99) on the summary line: say which it was.
                if (halt_on && exit_code == 99 && halt.nested_trap) {
                    own_line(stderr);
                    std::fprintf(stderr, "sim: a trap inside the trap handler (no mret since the first) before "
                                 "this exit 99: the handler stopped it (a corrupted or cut-short image?)\n");
                }
                // Without perfscope (PERF_SECTIONS=0) there is nothing to read back.
                phase = sections ? Phase::Drain : Phase::Done;
                // The CPU runs on after its exit, in _exit's loop: the calls
                // it makes then are not the program's, and would keep the
                // trace FIFO from draining; its cycles are not the program's
                // either, nor is the global time a +trig= run measures.
                calls_off = dbg.accepted();  // the first write below
                if (tap_args.calls)
                    dbg.write(PERF_REG_RETIRE_CTRL / 4, 0);
                if (tap_args.hist)
                    dbg.write(PERF_REG_HIST_CTRL / 4, 0);
                if (!tap_args.trigs.empty()) {
                    dbg.write(PERF_REG_TIME_LO(0) / 4, 0);  // STOP
                    dbg.read(PERF_REG_TRIG_LOST / 4, [&](uint32_t v) { trig_lost = v; });
                }
            } else if (cycle - cpu_start >= timeout) {
                own_line(stderr);
                std::fprintf(stderr, "sim: TIMEOUT: no exit after %llu cycles (+timeout=%llu)\n",
                             (unsigned long long)(cycle - cpu_start), (unsigned long long)timeout);
                result = 124;
            }
            break;
        }
        case Phase::Drain:
            // The CPU's last perfscope access, if any, must have finished,
            // and so must the harness's own; and the trace FIFO must have
            // drained into the stream, as the reads include TRACE_POP_LO,
            // which would take a record out of it.
            if (!trace_drained())
                drain_timeout();
            else if (!s.cyc && !s.stall && !s.ack && !dbg.busy()) {
                in.dbg_en = in.dbg_stb = true;
                phase = Phase::Issue;
            }
            break;
        case Phase::Issue:
            if (!s.stall) {  // accepted at this edge
                in.dbg_stb = false;
                phase = Phase::Wait;
            }
            break;
        case Phase::Wait:
            if (s.ack) {
                perf_words[dbg_word] = s.rdata;
                if (++dbg_word == kPerfWords) {
                    if (sections_frame)
                        print_sections();
                    // A histogram the program took holds its measurement:
                    // its own frames have it.
                    phase = tap_args.hist && !hist_taken ? Phase::Readout : Phase::Done;
                    if (phase == Phase::Readout)
                        read_hist();
                } else {
                    in.dbg_stb = true;
                    phase = Phase::Issue;
                }
            }
            break;
        case Phase::Readout:
            if (!dbg.busy()) {
                own_line(stdout);
                print_frame("hist", hist_frame());
                phase = Phase::Done;
            }
            break;
        case Phase::Done: {
            // The transmitter took the last character before the firmware
            // exited, but may still be sending it; the trace FIFO drains.
            if (!trace_drained())
                drain_timeout();
            else if (!uart || !uart->busy())
                result = exit_code > 255 ? 255 : (int)exit_code;
            break;
        }
        }
        if (phase != Phase::Arm && phase != Phase::Run && phase != Phase::Done && result < 0 &&
            cycle - cpu_start - exit_cycle > debug_budget + drain_budget) {
            own_line(stderr);
            if (phase == Phase::Readout)
                std::fprintf(stderr, "sim: TIMEOUT: perfscope did not answer the histogram's read-back\n");
            else
                std::fprintf(stderr, "sim: TIMEOUT: perfscope did not answer the debug read of word %u\n", dbg_word);
            result = 124;
        }

        // The next cycle's inputs, decided from this cycle's outputs.
        in.dbg_addr = dbg_word % kPerfWords;  // 6 bits; 64 once done
        // The harness's own accesses, while the program runs and after the
        // debug reads; the port is the CPU's between them.
        if (phase == Phase::Arm || phase == Phase::Run || phase == Phase::Drain || phase == Phase::Readout) {
            // Before the program starts and after its exit the port is the
            // harness's; in between, it takes it only after a cycle in which
            // the CPU's side was idle.
            const bool own = phase == Phase::Arm || phase == Phase::Readout;
            const DbgPort::Drive d = dbg.cycle(own || (!in.dbg_en && !s.cyc && !s.stall && !s.ack), s.stall, s.ack,
                                               s.rdata);
            in.dbg_en = d.en || own;
            in.dbg_stb = d.stb;
            in.dbg_we = d.we;
            in.dbg_wdata = d.wdata;
            if (d.en)
                in.dbg_addr = d.addr;
        }
        // +trace_stall= while the firmware runs; every cycle after its exit.
	in.trace_ready = phase != Phase::Run || (trace_stall && (cycle + 1) % trace_stall == 0);
	clock.advance(in);
        cycle++;
    }

    if (trace)
        trace->close();
    top->final();
    own_line(stderr);

    const unsigned long long reads = model.reads_checked(), writes = model.writes_seen();
    std::string checked = "not checked (+model=off)";
    if (check)
        checked = std::to_string(reads) + " perfscope reads checked, " + std::to_string(writes) + " writes seen";
    if (trace_depth)
        checked += ", " + std::to_string(records) + (check ? " trace records checked" : " trace records taken");
    if (uart && !uart->error().empty())
        std::fprintf(stderr, "sim: UART: %s\n", uart->error().c_str());
    if (!model.ok())
        std::fprintf(stderr, "sim: MISMATCH at cycle %llu; %s\nsim: %s\n", (unsigned long long)cycle,
                     checked.c_str(), model.error().c_str());
    else if (phase == Phase::Done) {
        if (hist_taken)
            std::fprintf(stderr, "sim: warning: +hist=: the program wrote the histogram's registers itself (cycle "
                         "%llu: its perf_hist_start or perf_hist_stop), so the histogram is its measurement, not "
                         "the run's: the run's hist frame is left out\n", (unsigned long long)(hist_taken - 1));
        if (trig_taken)
            std::fprintf(stderr, "sim: warning: +trig=: the program armed trigger addresses itself (cycle %llu: "
                         "perf_trig_arm), so the sections frame holds the counts of its arming from there\n",
                         (unsigned long long)(trig_taken - 1));
        if (trig_lost)
            std::fprintf(stderr, "sim: warning: +trig=: %s%u trigger hit%s not acted on (TRIG_LOST: a hit in the "
                         "cycle after another, or two armed addresses on one instruction): the sections' times "
                         "and counts miss %s\n", trig_lost == 0xffffu ? "at least " : "", trig_lost,
                         trig_lost == 1 ? " was" : "s were", trig_lost == 1 ? "it" : "them");
        std::fprintf(stderr, "sim: exit %u after %llu cycles; %s\n", exit_code, (unsigned long long)exit_cycle,
                     checked.c_str());
    }

    // The outputs, after the run's own line: one whose writes did not all
    // reach the file makes the exit code 2, whatever the run's
    // (docs/programmers-guide.md, 8.2). The FST writer tells nothing of its
    // writes (trace->close() above).
    auto output_done = [&](FILE *f, const char *flag, const std::string &file) {
        const std::string why = close_output(f);
        if (!why.empty()) {
            std::fprintf(stderr, "sim: cannot write %s=%s: %s\n", flag, file.c_str(), why.c_str());
            result = 2;
        }
    };
    if (tfile)
        output_done(tfile.release(), "+trace_file", tfile_arg.value);
    if (rfile)
        output_done(rfile.release(), "+retire_file", rfile_arg.value);
    if (uart_out) {
        if (uart)
            std::fwrite(uart->text().data(), 1, uart->text().size(), uart_out.get());
        output_done(uart_out.release(), "+uart", uart_file);
    }
    // The console on standard output, which carries every frame the host
    // tool reads, the same.
    if (std::fflush(stdout) != 0 && !console_errno)
        console_errno = errno;
    if (console_errno || std::ferror(stdout)) {
        std::fprintf(stderr, "sim: cannot write the console to standard output: %s\n",
                     console_errno ? std::strerror(console_errno) : "a write failed");
        result = 2;
    }
    return result;
}
