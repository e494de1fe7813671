// Reference model of the perfscope IP, independent of its RTL.
//
// The harness feeds it perfscope's Wishbone port once per clock cycle, as the
// signals are just before the rising edge. The model applies every accepted
// access at the cycle it takes effect (docs/datasheet.md, "Semantics"),
// predicts every counter, and checks every value the slave returns on an
// acknowledge. The first mismatch is kept with its cycle, register, expected
// and actual value.
#ifndef PERF_MODEL_H
#define PERF_MODEL_H

#include <cstdint>
#include <string>

struct PerfBusSample {
    bool cyc, stb, we, stall, ack;
    uint32_t addr;   // word offset inside the 256-byte window, 0..63
    uint32_t wdata;  // i_wb_data
    uint32_t rdata;  // o_wb_data, meaningful when ack is set
    uint8_t sel;     // i_wb_sel
};

class PerfModel {
public:
    explicit PerfModel(unsigned num_sections);

    // One clock cycle. Returns false once any mismatch has been seen.
    bool cycle(uint64_t cycle_no, const PerfBusSample &s);

    bool ok() const { return error_.empty(); }
    const std::string &error() const { return error_; }
    uint64_t reads_checked() const { return reads_checked_; }
    uint64_t writes_seen() const { return writes_seen_; }

private:
    struct Section {
        bool run = false;
        uint64_t time = 0;
        uint32_t occ = 0;
    };
    void apply_write(uint32_t word, uint32_t data, uint8_t sel);
    uint32_t predict_read(uint32_t word);
    void fail(uint64_t cycle_no, uint32_t word, uint32_t expected, uint32_t got);

    unsigned nsec_;
    Section sec_[8];           // [0] is the global pair
    bool latch_valid_ = false; // TIME_HI latch set by a TIME_LO read
    unsigned latch_sec_ = 0;
    uint32_t latch_hi_ = 0;
    bool pending_ = false;     // a read has been accepted and awaits its ack
    uint32_t pending_word_ = 0;
    uint32_t pending_value_ = 0;
    bool pending_is_read_ = false;
    uint64_t reads_checked_ = 0;
    uint64_t writes_seen_ = 0;
    std::string error_;
};

#endif
