/* SPDX-License-Identifier: Apache-2.0 */
// Receiver of the SoC's serial line (soc/rtl/soc_uart_tx.v) for the
// Verilator harnesses, sim/main.cpp and the iCEBreaker board test
// (syn/ice40/icebreaker_tb.cpp): 8N1, least significant bit first. It
// samples every cycle and requires every bit to hold its value for exactly
// `div` cycles, start and stop bits included, so a transmitter that is off
// by one cycle anywhere fails rather than decoding by luck.
#ifndef UART_DECODER_H
#define UART_DECODER_H

#include <cstdint>
#include <string>

class UartDecoder {
public:
    explicit UartDecoder(unsigned div) : div_(div) {}

    // The line in one clock cycle.
    void cycle(uint64_t cycle_no, bool line)
    {
        if (!error_.empty())
            return;
        if (!in_frame_) {
            if (line)
                return;
            in_frame_ = true;  // the falling edge of a start bit
            start_ = cycle_no;
        }
        const uint64_t t = cycle_no - start_;
        const unsigned bit = (unsigned)(t / div_);
        if (t % div_ == 0)
            bits_[bit] = line;
        else if (line != bits_[bit]) {
            error_ = "line changed inside bit " + std::to_string(bit) + " of a frame, at cycle " +
                     std::to_string(cycle_no);
            return;
        }
        if (t == 10ull * div_ - 1) {
            in_frame_ = false;
            if (!bits_[9]) {
                error_ = "stop bit low in the frame ending at cycle " + std::to_string(cycle_no);
                return;
            }
            unsigned char c = 0;
            for (int i = 0; i < 8; i++)
                c |= (unsigned char)(bits_[1 + i] << i);
            text_.push_back((char)c);
        }
    }

    bool busy() const { return in_frame_; }
    const std::string &text() const { return text_; }
    const std::string &error() const { return error_; }

private:
    unsigned div_;
    bool in_frame_ = false;
    uint64_t start_ = 0;
    bool bits_[10] = {};
    std::string text_;
    std::string error_;
};

#endif
