/* SPDX-License-Identifier: Apache-2.0 */
// Reference model of the perfscope IP, independent of its RTL.
//
// The harness feeds it perfscope's Wishbone port once per clock cycle, as the
// signals are just before the rising edge. The model applies every accepted
// access at the cycle it takes effect (docs/datasheet.md, "Semantics"),
// predicts every counter, and checks every value the slave returns on an
// acknowledge, and the bus timing of the datasheet's table: the cycle of
// every acknowledge and the cycles the slave stalls. The first mismatch is
// kept with its cycle, register, expected and actual value.
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
    bool reset = false;  // i_reset; a harness that never resets the IP after
                         // the model starts may leave it out
};

class PerfModel {
public:
    explicit PerfModel(unsigned num_sections);

    // What a reset loads into G and into every occurrence count: 0, except
    // in test builds of the IP with PERFSCOPE_TEST_PRELOAD, where the
    // testbench gives the same values to the IP's i_test_* ports.
    void set_reset_values(uint64_t gtime, uint32_t occ);

    // One clock cycle. Returns false once any mismatch has been seen.
    bool cycle(uint64_t cycle_no, const PerfBusSample &s);

    bool ok() const { return error_.empty(); }
    const std::string &error() const { return error_; }
    uint64_t reads_checked() const { return reads_checked_; }
    uint64_t writes_seen() const { return writes_seen_; }
    uint64_t wraps_seen() const { return wraps_seen_; }  // counters that wrapped

private:
    struct Section {
        bool run = false;
        uint64_t time = 0;
        uint32_t occ = 0;
    };
    void reset_state();
    uint8_t tick();  // returns the overflow flags the tick sets
    uint8_t apply_write(uint32_t word, uint32_t data, uint8_t sel);
    uint32_t predict_read(uint32_t word);
    bool section_reg(uint32_t word, unsigned *n, unsigned *reg) const;
    bool slow_read(uint32_t word) const;
    void fail(uint64_t cycle_no, uint32_t word, uint32_t expected, uint32_t got);
    void protocol_error(uint64_t cycle_no, const std::string &what);

    unsigned nsec_;
    uint8_t present_;          // bit n: section n exists
    uint64_t reset_gtime_ = 0;
    uint32_t reset_occ_ = 0;
    Section sec_[8];           // [0] is the global pair
    uint8_t ovf_ = 0;          // OVF: sticky overflow flags
    bool latch_valid_ = false; // TIME_HI latch set by a TIME_LO read
    unsigned latch_sec_ = 0;
    uint32_t latch_hi_ = 0;
    bool pending_ = false;     // an accepted request awaits its ack ...
    uint64_t accepted_at_ = 0; // ... accepted in this cycle ...
    uint64_t ack_at_ = 0;      // ... due in this one
    uint32_t pending_word_ = 0;
    uint32_t pending_value_ = 0;
    bool pending_is_read_ = false;
    bool ready_known_ = false; // the model knows when the slave stalls:
    uint64_t ready_at_ = 0;    // from this cycle on it must not
    uint64_t reads_checked_ = 0;
    uint64_t writes_seen_ = 0;
    uint64_t wraps_seen_ = 0;
    std::string error_;
};

#endif
