/* SPDX-License-Identifier: Apache-2.0 */
// perfscope register accesses the harness makes itself, through
// soc_sim_top's debug port: the retire tap armed for a program that knows
// nothing of it (+retire_calls, +hist=, +trig=, docs/retire.md) before the
// CPU leaves reset, its calls, its histogram and a +trig= run's global
// counter switched off at the program's exit, and the histogram read back
// after it.
//
// While the CPU runs, the port takes perfscope's bus for one access at a
// time, only in a cycle after one in which the CPU's side of it was quiet
// (no request, no stall, no ack), and gives it back in between. The
// accesses are bus requests like the CPU's, seen and checked by the
// reference model.
#ifndef DBG_PORT_H
#define DBG_PORT_H

#include <cstdint>
#include <deque>
#include <functional>

class DbgPort {
public:
    // What the port drives in the next cycle.
    struct Drive {
        bool en = false, stb = false, we = false;
        unsigned addr = 0;  // word offset in the window
        uint32_t wdata = 0;
    };

    void write(unsigned word, uint32_t data) { ops_.push_back(Op{Op::Write, word, data, 0, nullptr}); }
    void read(unsigned word, std::function<void(uint32_t)> got) {
        ops_.push_back(Op{Op::Read, word, 0, 0, std::move(got)});
    }
    // Reads word until none of the bits of mask is 1.
    void poll(unsigned word, uint32_t mask) { ops_.push_back(Op{Op::Poll, word, 0, mask, nullptr}); }
    // Anything queued or under way.
    bool busy() const { return !ops_.empty() || state_ != State::Idle; }
    // Accesses made so far.
    uint64_t accesses() const { return accesses_; }
    // Requests perfscope has taken so far, each at the edge that ended the
    // cycle in which this count last rose by it.
    uint64_t accepted() const { return accepted_; }

    // One cycle, from its perfscope bus outputs (cpu_quiet: the CPU's side
    // of the bus was idle in it); returns what to drive in the next.
    Drive cycle(bool cpu_quiet, bool stall, bool ack, uint32_t rdata) {
        switch (state_) {
        case State::Idle:
            if (!ops_.empty() && cpu_quiet)
                state_ = State::Issue;
            break;
        case State::Issue:
            if (!stall) {  // accepted at this edge
                state_ = State::Wait;
                accepted_++;
            }
            break;
        case State::Wait:
            if (ack) {
                Op &op = ops_.front();
                accesses_++;
                if (op.kind == Op::Read && op.got)
                    op.got(rdata);
                if (op.kind != Op::Poll || (rdata & op.mask) == 0)
                    ops_.pop_front();
                state_ = State::Idle;
            }
            break;
        }
        Drive d;
        if (state_ != State::Idle) {
            const Op &op = ops_.front();
            d.en = true;
            d.stb = state_ == State::Issue;
            d.we = op.kind == Op::Write;
            d.addr = op.word;
            d.wdata = op.data;
        }
        return d;
    }

private:
    struct Op {
        enum Kind { Write, Read, Poll } kind;
        unsigned word;
        uint32_t data, mask;
        std::function<void(uint32_t)> got;
    };
    enum class State { Idle, Issue, Wait } state_ = State::Idle;
    std::deque<Op> ops_;
    uint64_t accesses_ = 0;
    uint64_t accepted_ = 0;
};

#endif
