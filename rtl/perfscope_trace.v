// SPDX-License-Identifier: Apache-2.0
// perfscope_trace: the trace unit (docs/trace.md). perfscope.v decodes the
// bus and hands over each event in the cycle its write is accepted; this
// module stamps it, keeps the call depth, and puts its records into a FIFO
// in block RAM that drains through the stream port or the polled POP
// registers.
//
// Timing, as docs/trace.md ("Timing") states it for a model to follow: an
// event accepted in cycle A writes its SYNC, if it needs one, at the edge
// that ends A, and its own record at the edge that ends A + 1 (perfscope
// accepts no request in A + 1, so the two never meet the next event's). A
// pending LOSS is written at the edge of the first cycle that accepts no
// request and writes no event record, once the FIFO has room for it and the
// SYNC and event that follow (or at once with OVERWRITE); while it is
// pending every event is dropped. So one write port suffices, and the
// records after a loss need no second one.
//
// The retire tap (perfscope_retire.v) is a second source of events, at most
// one a cycle, in any cycle. Its event takes the bus event's path: its
// SYNC, if it needs one, at the edge of its cycle when the port is free
// then, and its record, held in a one-record slot, at the first edge the
// bus's pending record leaves free (the next, or the one after). In a
// cycle with both, the bus's event comes first and the retire event's
// record follows with the same time; they are recorded together or
// dropped together. The port's order is: the bus's pending record, the
// slot, a SYNC, a LOSS. A SYNC the period asks for waits while the port is
// busy; an event that cannot do without one (after ENABLE, CLEAR, a LOSS,
// a reset, RESET, or G[20:0] rolling over since the last event recorded)
// is dropped if the port is busy. With
// i_rt_ev tied to 0 (RETIRE = 0) every term below that names it or the
// slot is a constant 0, and synthesis leaves the unit no larger than it
// was without the tap.
//
// The FIFO's head leaves the RAM's registered read port: a record becomes
// visible on the port (and to POP_LO) in the second cycle after its write,
// and the read address is the head of the next cycle. The port reads at
// every edge: an enable would cost more logic than the reads. With OREG
// the RAM's word passes its output register too (the ECP5's block RAM is
// slow to its output, and a LUT after it costs a quarter of the IP's
// fmax): two copies of the RAM, read from r_rd alone, give the records
// after the head, and the head is chosen among them and the last writes
// (g_ram_oreg below). The records and their timing are the same.
//
// Records carry G[20:0] (TIME_LO); a SYNC carries the window G[52:21] of
// the records after it, and one is forced whenever G[20:0] rolled over
// since the last event recorded, so the records between two SYNCs share a
// window (docs/trace.md).
`default_nettype none

module perfscope_trace #(
	parameter DEPTH = 512,  // records the FIFO holds: a power of two, 16..4096
	parameter OREG  = 0,    // 1: the FIFO's RAM reads through its output register (ECP5), in two copies
	parameter TAP   = 1     // 0: i_rt_ev is tied low (perfscope without the retire tap), and the slot is left out
) (
	input  wire        i_clk,
	input  wire        i_reset,       // synchronous, active high
	// From perfscope, in the cycle of the bus request's acceptance
	input  wire [52:0] i_gtime,       // G in this cycle, the bits a record holds
	input  wire        i_grun,        // G ticks at this cycle's edge
	input  wire        i_gset,        // RESET: G jumps at this edge
	input  wire        i_accept,      // perfscope accepts a request
	input  wire        i_ev,          // ... which is an event
	input  wire [2:0]  i_ev_type,     // ... of this record type (ENTER..IRQ_EXIT)
	input  wire [31:0] i_ev_data,     // ... with the data written (ENTER, EXIT, IRQ_*)
	input  wire [2:0]  i_ev_sec,      // ... or of section n (BEGIN, END)
	input  wire        i_rt_ev,       // the retire tap's event in this cycle (perfscope_retire.v) ...
	input  wire [2:0]  i_rt_ev_type,  // ... of this record type (ENTER..IRQ_EXIT) ...
	input  wire [31:0] i_rt_ev_data,  // ... with this address
	input  wire        i_ctrl_we,     // ... a write of TRACE_CTRL, byte lane 0
	input  wire [2:0]  i_ctrl_data,   // ... with these bits (CLEAR, OVERWRITE, ENABLE)
	input  wire        i_pop,         // the step of a POP_LO read: take the head
	// Register values
	output wire [1:0]  o_ctrl,        // {OVERWRITE, ENABLE}
	output wire [31:0] o_status,      // {high-water mark, level}
	output wire [31:0] o_drops,
	output wire [31:0] o_pop_lo,      // in the cycle of i_pop: the head's word 0 ...
	output wire        o_pop_empty,   // ... or, if this is high, 0
	output wire [31:0] o_pop_hi,      // ... and its word 1, or 0xFFFFFFFF, for perfscope's latch
	// The stream port
	output wire        o_trace_valid,
	output wire [63:0] o_trace_data,
	input  wire        i_trace_ready
);

	`include "perfscope_trace.vh"
	`include "perfscope_params.vh"

	// A DEPTH that is not a power of two from 16 to 4096 stops elaboration
	// (the module named exists nowhere; see perfscope.v).
	generate
	if (!`PERFSCOPE_TRACE_DEPTH_OK(DEPTH)) begin : g_bad_depth
		perfscope_trace_error_DEPTH_must_be_a_power_of_two_16_to_4096 u_error ();
	end
	if (OREG != 0 && OREG != 1) begin : g_bad_oreg
		perfscope_trace_error_OREG_must_be_0_or_1 u_error ();
	end
	if (TAP != 0 && TAP != 1) begin : g_bad_tap
		perfscope_trace_error_TAP_must_be_0_or_1 u_error ();
	end
	// The records' layout must be the one this RTL builds (frames.toml).
	if (PERF_TRACE_TYPE_LSB != 29 || PERF_TRACE_DEPTH_WIDTH != 8 || PERF_TRACE_TIME_LO_WIDTH != 21
	    || PERF_TRACE_SYNC_PERIOD != 256) begin : g_bad_layout
		perfscope_trace_error_record_layout_not_buildable_see_perfscope_trace_vh u_error ();
	end
	endgenerate

	localparam integer AW = $clog2(DEPTH);           // pointer bits

	// ------------------------------------------------------------------
	// State
	// ------------------------------------------------------------------
	reg          r_en, r_ovw;     // TRACE_CTRL
	reg  [AW:0]  r_level;         // records in the FIFO
	reg  [AW:0]  r_gap;           // the most since CLEAR less the level: no comparator
	reg  [AW-1:0] r_rd, r_wr;     // head and tail
	reg          r_wrote;         // a record was written at the last edge
	reg  [15:0]  r_drops;         // saturating
	reg  [7:0]   r_depth;         // call depth
	// The period's SYNC is due once the write pointer has entered the next
	// block of 256 records (DEPTH/2 below 512) since the last SYNC: one
	// flip-flop, not a counter.
	localparam integer PB = (AW > 8) ? 8 : AW - 1;
	reg          r_sblk;          // r_wr[PB] where the last SYNC went
	wire         due = r_wr[PB] != r_sblk;
	reg          r_force_sync;    // the next event record needs a SYNC
	reg          r_roll;          // G[20:0] rolled over since the last event recorded (or reset, RESET)
	reg          r_loss;          // a LOSS is pending in r_rec
	reg          r_rec_pend;      // an event record is pending in r_rec
	reg  [63:0]  r_rec;           // the pending event record or LOSS
	reg          r_slot;          // a retire event's record waits in r_slot_rec ...
	reg          r_slot_late;     // ... behind the bus's record of the same cycle
	reg  [63:0]  r_slot_rec;
	// The slot as active and drops_x read it: a constant 0 without the tap.
	// Synthesis finds that r_slot is 0 anyway (it loads only from rev_rec);
	// a Verilated model does not, as r_slot is a flip-flop, and evaluates
	// those two terms in every cycle: with slot they fold away there too.
	// The other terms read r_slot. The logic would be the same with slot,
	// but yosys's abc maps the iCE40 build to up to 14 LUTs more (12 for
	// slot_wr alone).
	wire         slot = (TAP != 0) && r_slot;

	// ------------------------------------------------------------------
	// Events
	// ------------------------------------------------------------------
	// The decisions below sit in blocks that leave them at their idle
	// values unless an event comes (or, further down, a record is written or
	// one is in the FIFO): a simulator then skips them, in most cycles of a
	// run, and synthesis builds the same logic.
	reg         ev, ev_enter, ev_exit, need_sync, ev_rec, ev_drop, wr_sync;
	reg  [7:0]  depth_step, ev_depth;
	// Room for the SYNC and the record, counting the level before this edge.
	// The level never exceeds FULL, a power of two: its top bit alone says
	// full, and the bits below it the last records' room. With OREG (the
	// ECP5's build) the two room flags are flip-flops, set as the level
	// moves, so that no compare of the level comes before the decisions
	// that move it; on the iCE40 the compares cost fewer cells.
	wire        lvl_full  = r_level[AW];
	reg         r_ge_f1, r_ge_f2;  // with OREG: the level is FULL - 1, FULL - 2 or more
	wire        lvl_ge_f1 = (OREG != 0) ? r_ge_f1 : lvl_full || (&r_level[AW-1:0]);  // FULL - 1 or more
	wire        lvl_ge_f2 = (OREG != 0) ? r_ge_f2 : lvl_full || (&r_level[AW-1:1]);  // FULL - 2 or more
	// A retire event in this cycle too needs one more record's room: the
	// two are recorded together or dropped together. The slot, if it holds
	// a record, is written before the bus's event, whose SYNC then waits if
	// only the period asks for it; a forced one cannot wait, and the event
	// is dropped.
	wire        rt_on     = i_rt_ev && r_en;
	wire        forced    = r_force_sync || r_roll;
	// G[20:0] rolls over at this edge: the next record is in the next window.
	wire        roll_now  = i_grun && (&i_gtime[20:0]);
	always @(*) begin
		ev = 1'b0; ev_enter = 1'b0; ev_exit = 1'b0; need_sync = 1'b0; ev_rec = 1'b0;
		ev_drop = 1'b0; wr_sync = 1'b0; depth_step = r_depth; ev_depth = r_depth;
		if (i_ev && r_en) begin
			ev        = 1'b1;
			ev_enter  = (i_ev_type == PERF_TRACE_T_ENTER);
			ev_exit   = (i_ev_type == PERF_TRACE_T_EXIT);
			// One adder: +1 for ENTER, -1 for EXIT, wrapping both ways.
			depth_step = r_depth + {{7{ev_exit}}, ev_enter || ev_exit};
			ev_depth  = r_depth;  // every record: the depth before its event
			need_sync = forced || due;
			// Stop on full: room for the most an event can need (a SYNC and
			// its record, 2, or with a retire event of the cycle, 3), one
			// check whatever this event needs.
			ev_rec    = !r_loss && !(forced && r_slot) && (r_ovw || !lvl_ge_f1)
			            && !(rt_on && !r_ovw && lvl_ge_f2);
			ev_drop   = !ev_rec;
			wr_sync   = ev_rec && need_sync && !r_slot;
		end
	end

	// The retire tap's event. After a bus event in the same cycle it never
	// needs a SYNC it cannot wait for: that event cleared the reasons.
	reg         rev, rev_rec, rev_drop, wr_rsync, rt_need, rt_busy;
	reg  [7:0]  rev_depth, rt_depth_nx;
	always @(*) begin
		rev = 1'b0; rev_rec = 1'b0; rev_drop = 1'b0; wr_rsync = 1'b0; rt_need = 1'b0; rt_busy = 1'b0;
		rev_depth = r_depth; rt_depth_nx = r_depth;
		if (rt_on) begin
			rev        = 1'b1;
			// The depth after the bus's event is this one's record's; a
			// call's ENTER adds one, EXIT takes one off (a jump's ENTER, bit
			// 0 set, changes nothing): one adder, as the bus's.
			rev_depth  = depth_step;
			rt_depth_nx = rev_depth + {{7{i_rt_ev_type == PERF_TRACE_T_EXIT}},
			                           (i_rt_ev_type == PERF_TRACE_T_EXIT) || (i_rt_ev_type == PERF_TRACE_T_ENTER && !i_rt_ev_data[0])};
			rt_busy    = r_rec_pend || r_slot;
			rt_need    = forced || due;
			if (ev) begin
				rev_rec    = ev_rec;
			end else begin
				// The slot is refilled as it is written; behind the bus's
				// pending record it is full.
				rev_rec    = !r_loss && !(r_slot && r_rec_pend) && !(forced && rt_busy)
				             && (r_ovw || !lvl_ge_f1);
				wr_rsync   = rev_rec && rt_need && !rt_busy;
			end
			rev_drop    = !rev_rec;
		end
	end

	// The write port: a SYNC at the edge of the acceptance, the event record
	// at the next, the slot when that leaves the port free, a LOSS in a
	// cycle with neither an event nor a record waiting.
	wire        slot_wr   = r_slot && !r_rec_pend;
	// Only a pending LOSS is written: without one the simulator skips the
	// terms.
	reg         wr_loss;
	always @(*) begin
		wr_loss = 1'b0;
		if (r_loss)
			wr_loss = !r_rec_pend && !r_slot && !i_accept && !i_rt_ev && (r_ovw || !lvl_ge_f2);
	end
	wire        wr        = wr_sync || wr_rsync || r_rec_pend || slot_wr || wr_loss;
	// A SYNC: word 0 G[52:21], the window of the records after it; word 1
	// bits 28:0 are reserved (whatever r_rec holds), so they need no mux.
	wire [63:0] sync_rec  = {PERF_TRACE_T_SYNC, r_rec[60:32], i_gtime[52:21]};
	wire [63:0] wdata     = (wr_sync || wr_rsync) ? sync_rec : slot_wr ? r_slot_rec : r_rec;

	// The head: visible from the second cycle after its write.
	wire        avail     = (r_level[AW:1] != 0) || (r_level[0] && !r_wrote);
	assign o_trace_valid  = avail && !i_pop;
	reg         take, ovr, up, dn;
	reg  [AW:0] level_nx;
	reg  [AW-1:0] rd_nx;
	always @(*) begin
		take = 1'b0; ovr = 1'b0; up = 1'b0; dn = 1'b0; level_nx = r_level; rd_nx = r_rd;
		if (wr || avail) begin
			take     = (o_trace_valid && i_trace_ready) || (i_pop && avail);
			ovr      = wr && lvl_full && !take;  // OVERWRITE: the oldest goes
			// The level moves by one at most: one up/down carry chain, and
			// the high-water mark grows only while the level stands on it.
			up       = wr && !take && !lvl_full;
			dn       = take && !wr;
			// With OREG a mux after both, not an adder after the take.
			if (OREG != 0)
				level_nx = up ? r_level + {{AW{1'b0}}, 1'b1} : dn ? r_level - {{AW{1'b0}}, 1'b1} : r_level;
			else
				level_nx = r_level + {{AW{dn}}, up || dn};
			// The read address: a mux after the increment, not a carry
			// chain after the take, which comes late (from the bus,
			// through the write decision).
			rd_nx    = (take || ovr) ? r_rd + {{(AW-1){1'b0}}, 1'b1} : r_rd;
		end
	end
	wire        clear     = i_ctrl_we && i_ctrl_data[2];

	// The head: in every cycle it is visible, ram_q is the record at r_rd.
	wire [63:0] ram_q;
`ifdef FORMAL
	(* anyconst *) reg [AW-1:0] f_addr;
	wire [63:0] f_mem;
`endif
	generate
	if (OREG == 0) begin : g_ram
		perfscope_ram #(
			.AW(AW),
			.DW(64)
		) u_fifo (
			.i_clk   (i_clk),
			.i_we    (wr),
			.i_waddr (r_wr),
			.i_wdata (wdata),
			.i_re    (1'b1),  // at every edge: the next cycle's head
			.i_raddr (rd_nx),
			.o_rdata (ram_q)
`ifdef FORMAL
			,
			.f_addr  (f_addr),
			.f_data  (f_mem)
`endif
		);
	end else begin : g_ram_oreg
		// A read through the output register takes two edges, and its
		// address then comes from r_rd alone, a flip-flop: at every edge
		// copy A reads the record after the head and copy B the one after
		// that. The head of the next cycle is then one of five: the record
		// written at this edge if it goes there (r_cap); the head as it is,
		// if it stays (r_hold); or, if it moves on, what A or B read two
		// edges back, one of them as the head moved at the edge between, or
		// the record written at that edge of their read, which they missed.
		wire [63:0]   q_a, q_b;
		wire [AW-1:0] rd_a = r_rd + {{(AW-1){1'b0}}, 1'b1};
		wire [AW-1:0] rd_b = r_rd + {{(AW-2){1'b0}}, 2'd2};
		wire          adv  = take || ovr;   // the head moves at this edge
		perfscope_ram #(
			.AW(AW),
			.DW(64),
			.OREG(1)
		) u_fifo_a (
			.i_clk   (i_clk),
			.i_we    (wr),
			.i_waddr (r_wr),
			.i_wdata (wdata),
			.i_re    (1'b1),
			.i_raddr (rd_a),
			.o_rdata (q_a)
`ifdef FORMAL
			,
			.f_addr  (f_addr),
			.f_data  (f_mem)
`endif
		);
`ifdef FORMAL
		wire [63:0] f_mem_b;  // both copies take every write
`endif
		perfscope_ram #(
			.AW(AW),
			.DW(64),
			.OREG(1)
		) u_fifo_b (
			.i_clk   (i_clk),
			.i_we    (wr),
			.i_waddr (r_wr),
			.i_wdata (wdata),
			.i_re    (1'b1),
			.i_raddr (rd_b),
			.o_rdata (q_b)
`ifdef FORMAL
			,
			.f_addr  (f_addr),
			.f_data  (f_mem_b)
`endif
		);
		// Where a write goes, from the level (r_wr less r_rd), not from a
		// compare of the pointers.
		wire        lvl_0 = (r_level[AW-1:0] == {AW{1'b0}});
		wire        lvl_1 = (r_level[AW-1:0] == {{(AW-1){1'b0}}, 1'b1});
		wire        lvl_2 = (r_level[AW-1:0] == {{(AW-2){1'b0}}, 2'd2});
		reg         r_adv;                 // the head moved at the last edge
		reg         r_hit_a, r_hit_b;      // the last edge wrote the word A, or B, read
		reg  [63:0] r_wd1, r_wd2;          // the record written at the last edge, and the one before
		reg  [63:0] r_hold;                // the head in the last cycle
		reg         r_cap, r_hold_sel, r_a_sel, r_b_sel, r_w2_sel;  // which of the five is the head
		wire        cap = wr && (adv ? lvl_1 : lvl_0);  // this edge writes the next cycle's head
		always @(posedge i_clk) begin
			r_adv      <= adv;
			r_hit_a    <= wr && lvl_1;
			r_hit_b    <= wr && lvl_2;
			r_wd1      <= wdata;
			r_wd2      <= r_wd1;
			r_hold     <= ram_q;
			r_cap      <= cap;
			r_hold_sel <= !cap && !adv;
			r_a_sel    <= !cap && adv && !r_adv && !r_hit_a;
			r_b_sel    <= !cap && adv && r_adv && !r_hit_b;
			r_w2_sel   <= !cap && adv && (r_adv ? r_hit_b : r_hit_a);
		end
		assign ram_q = ({64{r_cap}} & r_wd1) | ({64{r_hold_sel}} & r_hold) | ({64{r_a_sel}} & q_a)
		             | ({64{r_b_sel}} & q_b) | ({64{r_w2_sel}} & r_wd2);
	end
	endgenerate

	assign o_trace_data = ram_q;
	assign o_ctrl       = {r_ovw, r_en};
	assign o_status     = {{(16-AW-1){1'b0}}, r_gap, {(16-AW-1){1'b0}}, r_level};
	assign o_drops      = {16'd0, r_drops};  // bits 31:30: perfscope puts o_ctrl there
	// An empty pop's 0 is perfscope's o_wb_data reset, not a mux here.
	assign o_pop_lo     = ram_q[31:0];
	assign o_pop_empty  = !avail;
	assign o_pop_hi     = {ram_q[63:60] | {4{!avail}}, ram_q[59:32]};  // empty: bits 31:28 all ones

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
	// Most registers change only in a cycle with an accepted request (every
	// event, TRACE_CTRL write and RESET is one), a retire event, or a record
	// or LOSS on its way; in every other cycle they hold, and a cycle
	// without a request costs the simulator nothing in the blocks under
	// this term, as it skips them.
	wire        active    = i_reset || i_accept || i_rt_ev || r_rec_pend || r_loss || slot;

	always @(posedge i_clk) begin
		if (i_reset) begin
			r_en  <= 1'b0;
			r_ovw <= 1'b0;
		end else if (i_ctrl_we) begin
			r_en  <= i_ctrl_data[0];
			r_ovw <= i_ctrl_data[1];
		end
	end

	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			r_level   <= {(AW+1){1'b0}};
			r_gap     <= {(AW+1){1'b0}};
			r_rd      <= {AW{1'b0}};
			r_wr      <= {AW{1'b0}};
			r_wrote   <= 1'b0;
		end else if (wr || take || r_wrote) begin
			r_level <= level_nx;
			if (dn || (up && (r_gap != 0)))
				r_gap <= r_gap + {{AW{up}}, 1'b1};
			r_rd    <= rd_nx;
			r_wr    <= r_wr + {{(AW-1){1'b0}}, wr};
			r_wrote <= wr;
		end
	end

	// With OREG the room flags follow the level: one up, FULL - 1 or more
	// if it was FULL - 2 or more, and so on; one down, the other way. A
	// block of their own: without OREG a simulator then runs none of it,
	// and the block above no longer reads r_level after writing it, so
	// that a Verilated model writes r_level in place instead of through a
	// copy and places the level's readers better (the trace unit then
	// costs the simulation a fifth less, in make bench's host instructions).
	always @(posedge i_clk) begin
		if (OREG != 0) begin
			if (i_reset || clear) begin
				r_ge_f1 <= 1'b0;
				r_ge_f2 <= 1'b0;
			end else if (up) begin
				r_ge_f1 <= lvl_ge_f2;
				r_ge_f2 <= lvl_full || ((&r_level[AW-1:2]) && (|r_level[1:0]));  // FULL - 3 or more
			end else if (dn) begin
				r_ge_f1 <= lvl_full;
				r_ge_f2 <= lvl_ge_f1;
			end
		end
	end

	// One adder counts the records lost in a cycle: one without the retire
	// tap (an event dropped or the oldest overwritten), up to three with it
	// (an overwrite by the slot's write, a bus event and a retire event
	// dropped). It adds one and, with the tap, the rest (drops_x), so that
	// without the tap it adds a constant and the decision to drop is its
	// enable, late in the cycle, not its operand. Saturation is the carry
	// out, not a 16-input AND: an increment of one that would carry holds
	// the count, all ones already; only a sum of two or three can pass all
	// ones, and only with the tap.
	wire        drops_up  = ovr || ev_drop || rev_drop;
	wire [1:0]  drops_x   = (rev_drop || slot) ? {1'b0, ovr} + {1'b0, ev_drop} + {1'b0, rev_drop} - 2'd1 : 2'd0;
	wire [16:0] drops_sum = {1'b0, r_drops} + {15'd0, drops_x} + 17'd1;
	always @(posedge i_clk) begin
		if (active) begin
			if (i_reset || clear)
				r_drops <= 16'd0;
			else if (drops_up && !drops_sum[16])
				r_drops <= drops_sum[15:0];
			else if (drops_up && (rev_drop || r_slot))
				r_drops <= 16'hffff;
		end
	end

	// The depth moves with every event while ENABLE, recorded or dropped.
	always @(posedge i_clk) begin
		if (active) begin
			if (i_reset || clear)
				r_depth <= 8'd0;
			else if (rev)
				r_depth <= rt_depth_nx;
			else if (ev)
				r_depth <= depth_step;
		end
	end

	always @(posedge i_clk) begin
		if (active) begin
			if (i_reset || clear || i_gset || wr_loss || (i_ctrl_we && i_ctrl_data[0] && !r_en))
				r_force_sync <= 1'b1;
			else if (ev_rec || rev_rec)
				r_force_sync <= 1'b0;
		end
	end

	always @(posedge i_clk) begin
		if (active) begin
			if (i_reset)
				r_sblk <= 1'b0;
			else if (wr_sync || wr_rsync)
				r_sblk <= r_wr[PB];
		end
	end

	// After a reset or RESET the window is unknown: set, as after a rollover.
	always @(posedge i_clk) begin
		if (i_reset || i_gset)
			r_roll <= 1'b1;
		else if (ev_rec || rev_rec)
			r_roll <= roll_now;
		else if (roll_now)
			r_roll <= 1'b1;
	end

	// r_rec holds the event record for one cycle, or the LOSS while pending.
	always @(posedge i_clk) begin
		if (active) begin
			if (i_reset || clear) begin
				r_rec_pend <= 1'b0;
				r_loss     <= 1'b0;
			end else begin
				r_rec_pend <= ev_rec;
				if (ev_drop || rev_drop)
					r_loss <= 1'b1;
				else if (wr_loss)
					r_loss <= 1'b0;
			end
		end
	end

	always @(posedge i_clk) begin
		if (active) begin
			if (ev_rec)
				r_rec[63:32] <= {i_ev_type, ev_depth, i_gtime[20:0]};
			else if ((ev_drop || rev_drop) && !r_loss)
				r_rec[63:32] <= {PERF_TRACE_T_LOSS, 7'd0, r_roll, i_gtime[20:0]};
		end
	end
	// Word 0: the event's data, or the LOSS's count in bits 15:0
	// (saturating as r_drops does; bits 31:16 stay 0). A BEGIN or END's
	// section number is chosen here, where its bits 31:3 are a reset too,
	// not in a mux in perfscope.v. A cycle drops a bus event, a retire
	// event or both (loss_n). The count's one adder adds one, as r_drops's
	// does, and one more for a bus and a retire event together: while a
	// LOSS is pending every event is dropped, so that is the events
	// themselves, known a few LUTs before the decisions to drop them.
	wire [1:0]  loss_n  = {1'b0, ev_drop} + {1'b0, rev_drop};
	wire [16:0] cnt_sum = {1'b0, r_rec[15:0]} + {16'd0, i_ev && r_en && rt_on} + 17'd1;
	wire        ev_cmd  = (i_ev_type == PERF_TRACE_T_BEGIN) || (i_ev_type == PERF_TRACE_T_END);
	always @(posedge i_clk) begin
		if (active) begin
			if ((ev_drop || rev_drop) && !r_loss)
				r_rec[31:0] <= {30'd0, loss_n};
			else if (ev_drop || rev_drop) begin
				if (!cnt_sum[16])
					r_rec[15:0] <= cnt_sum[15:0];
				else if (rev_drop)
					r_rec[15:0] <= 16'hffff;
			end else if (ev_rec)
				r_rec[31:0] <= ev_cmd ? {29'd0, i_ev_sec} : i_ev_data;
		end
	end

	// The slot: a retire event's record, written when the bus's pending
	// record leaves the port free: at the next edge, or, behind a bus
	// event's record of the same cycle, at the one after (r_slot_late).
	// Both flip-flops load only from rev_rec, so that without the tap they
	// are constants, not a loop that keeps its power-up value.
	always @(posedge i_clk) begin
		if (active) begin
			if (i_reset || clear) begin
				r_slot      <= 1'b0;
				r_slot_late <= 1'b0;
			end else begin
				r_slot      <= rev_rec || r_slot_late;
				r_slot_late <= rev_rec && ev;
			end
		end
	end
	always @(posedge i_clk)
		if (rev_rec)
			r_slot_rec <= {i_rt_ev_type, rev_depth, i_gtime[20:0], i_rt_ev_data};

`ifdef FORMAL
	// ------------------------------------------------------------------
	// Formal properties. formal/Makefile runs them inside perfscope, where
	// perfscope's own proofs give G and the bus and the retire tap is tied
	// off, and on this module alone (PERFSCOPE_TRACE_ALONE) with both
	// sources free: there the environment below is assumed instead of
	// proven, and the retire tap's event may come in any cycle. Every one
	// holds by induction: the invariants below say what each register
	// means.
	// ------------------------------------------------------------------
	localparam [AW:0] FULL = DEPTH[AW:0];  // the level of a full FIFO

	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

`ifdef PERFSCOPE_TRACE_ALONE
`define PERFSCOPE_TRACE_ENV assume
	// Alone, the first cycle is a reset, and G is a counter that ticks
	// while i_grun and goes back to 0 at a reset and at RESET.
	reg  [52:0] f_g;
	always @(posedge i_clk)
		f_g <= (i_reset || i_gset) ? 53'd0 : f_g + {52'd0, i_grun};
	always @(*) begin
		if (!f_past_valid)
			assume(i_reset);
		else
			assume(i_gtime == f_g);
	end
`else
`define PERFSCOPE_TRACE_ENV assert
`endif

	// ---- The environment perfscope gives ----------------------------
	// No request is accepted in the cycle after an acceptance (a trigger's
	// go included); events and TRACE_CTRL writes are accepted requests; a
	// pop comes only in the cycle after an acceptance that is neither, and
	// (without the retire tap, which may write at the edge before it) finds
	// the head visible whenever the FIFO holds a record; RESET is an
	// accepted request, never an event. The retire tap's events are calls,
	// returns, jumps and traps.
	reg f_accepted, f_accepted_plain;
	always @(posedge i_clk) begin
		f_accepted       <= !i_reset && i_accept;
		f_accepted_plain <= !i_reset && i_accept && !i_ev && !i_ctrl_we && !i_gset;
	end
	always @(*)
		if (f_past_valid) begin
			if (f_accepted)
				`PERFSCOPE_TRACE_ENV(!i_accept);
			if (i_ev || i_ctrl_we)
				`PERFSCOPE_TRACE_ENV(i_accept);
			if (i_ev)
				`PERFSCOPE_TRACE_ENV((i_ev_type != PERF_TRACE_T_SYNC) && (i_ev_type != PERF_TRACE_T_LOSS));
			if (i_rt_ev)
				`PERFSCOPE_TRACE_ENV((i_rt_ev_type == PERF_TRACE_T_ENTER) || (i_rt_ev_type == PERF_TRACE_T_EXIT)
				                     || (i_rt_ev_type == PERF_TRACE_T_IRQ_ENTER)
				                     || (i_rt_ev_type == PERF_TRACE_T_IRQ_EXIT));
			`PERFSCOPE_TRACE_ENV(!(i_ev && i_ctrl_we));
			`PERFSCOPE_TRACE_ENV(!(i_ev && i_gset) && !(i_ctrl_we && i_gset));
			if (i_gset)
				`PERFSCOPE_TRACE_ENV(i_accept);
			if (i_pop)
				`PERFSCOPE_TRACE_ENV(!i_accept && f_accepted_plain);
`ifndef PERFSCOPE_TRACE_ALONE
			if (i_pop)
				assert(avail == (r_level != 0));
`endif
		end
`undef PERFSCOPE_TRACE_ENV

	// ---- FIFO invariants ---------------------------------------------
	reg f_ovw_q;  // OVERWRITE in the cycle before
	always @(posedge i_clk)
		f_ovw_q <= r_ovw;
	always @(*)
		if (f_past_valid) begin
			assert(r_level <= FULL);
			assert(r_wr == r_rd + r_level[AW-1:0]);
			if (OREG != 0) begin  // the room flags follow the level
				assert(r_ge_f1 == (lvl_full || (&r_level[AW-1:0])));
				assert(r_ge_f2 == (lvl_full || (&r_level[AW-1:1])));
			end
			if (r_level == 0)
				assert(!r_wrote);
			// Never two writes for one port: the bus's pending record, the
			// slot, a SYNC, a LOSS, one at a time.
			assert({1'b0, r_rec_pend} + {1'b0, slot_wr} + {1'b0, wr_sync} + {1'b0, wr_rsync} + {1'b0, wr_loss} <= 3'd1);
			// The bus's event record comes only in the cycle after its
			// acceptance, with nothing accepted and no LOSS pending.
			if (r_rec_pend)
				assert(!i_accept && !r_loss && f_accepted && !r_force_sync
				       && (r_rec[63:61] != PERF_TRACE_T_SYNC) && (r_rec[63:61] != PERF_TRACE_T_LOSS));
			// The slot holds an event of the retire tap; it waits a second
			// edge exactly when a bus event of its cycle went first.
			assert(r_slot_late == (r_slot && r_rec_pend));
			if (r_slot)
				assert((r_slot_rec[63:61] == PERF_TRACE_T_ENTER) || (r_slot_rec[63:61] == PERF_TRACE_T_EXIT)
				       || (r_slot_rec[63:61] == PERF_TRACE_T_IRQ_ENTER)
				       || (r_slot_rec[63:61] == PERF_TRACE_T_IRQ_EXIT));
			// Stop on full never writes into a full FIFO (only OVERWRITE
			// overwrites): the records on their way have their room. A
			// record committed in the cycle a TRACE_CTRL write clears
			// OVERWRITE is written as that mode found it.
			if (!r_ovw && !f_ovw_q)
				assert({1'b0, r_level} + {{AW{1'b0}}, r_rec_pend} + {{AW{1'b0}}, r_slot} <= {1'b0, FULL});
			if (!r_ovw && !f_ovw_q)
				assert(!ovr);
			// No TRACE_CTRL write in the cycle of a bus event.
			if (r_rec_pend)
				assert(r_ovw == f_ovw_q);
			// A pending LOSS: its type, bits 60:54 and 31:16 zero, a count.
			if (r_loss)
				assert((r_rec[63:61] == PERF_TRACE_T_LOSS) && (r_rec[60:54] == 7'd0)
				       && (r_rec[31:16] == 16'd0) && (r_rec[15:0] != 16'd0));
		end

	// ---- The stream port's contract --------------------------------------
	// A record leaves exactly when the consumer takes the one the port
	// shows, or a pop takes the head: never in another cycle, and never
	// left behind after the port's handshake (it would leave twice).
	always @(*)
		if (f_past_valid)
			assert(take == ((o_trace_valid && i_trace_ready) || (i_pop && avail)));

	// ---- No record lost or duplicated without a drop count ---------------
	// One slot of the FIFO, which the solver picks, is followed from the
	// write that fills it: while its record is in the FIFO the RAM holds it
	// unchanged, and it leaves exactly once, taken on the port or by a pop
	// with its value, or overwritten with DROPS counting it.
	reg         f_held;      // the slot holds a record in the FIFO
	reg  [63:0] f_rec;       // ... this one
	wire [AW-1:0] f_off = f_addr - r_rd;  // its place behind the head
	wire        f_in    = ({1'b0, f_off} < r_level);
	wire        f_at_head = (f_addr == r_rd);
	always @(posedge i_clk) begin
		if (i_reset || clear)
			f_held <= 1'b0;
		else if (wr && (r_wr == f_addr)) begin
			f_held <= 1'b1;
			f_rec  <= wdata;
		end else if (f_at_head && (take || ovr))
			f_held <= 1'b0;
	end

	always @(*)
		if (f_past_valid) begin
			// No record has word 1's bits 31:28 all ones (a LOSS's bit 28
			// is 0): an empty pop latches them, and a reader tells it so.
			if (wr)
				assert(wdata[63:60] != 4'hf);
			if (!avail)
				assert(o_pop_hi[31:28] == 4'hf);
			assert(f_held == f_in);
			if (f_held) begin
				assert(f_mem == f_rec);
				// The head's value on the port and to a pop is this slot's.
				if (f_at_head && avail)
					assert(ram_q == f_rec);
			end
		end

	// Every event is recorded or dropped, and every one recorded reaches
	// the port exactly once: the event records committed and not yet
	// written, counted from the decisions and the writes, are the bus's
	// pending record and the slot's.
	reg  [1:0]  f_owed;
	always @(posedge i_clk) begin
		if (i_reset || clear)
			f_owed <= 2'd0;
		else
			f_owed <= f_owed + {1'b0, ev_rec} + {1'b0, rev_rec} - {1'b0, r_rec_pend} - {1'b0, slot_wr};
	end
	always @(*)
		if (f_past_valid) begin
			assert(f_owed == {1'b0, r_rec_pend} + {1'b0, r_slot});
			if (ev)
				assert(ev_rec != ev_drop);
			if (rev)
				assert(rev_rec != rev_drop);
			assert(ev == (i_ev && r_en));
			assert(rev == (i_rt_ev && r_en));
			// Recorded together or dropped together.
			if (ev && rev)
				assert(ev_rec == rev_rec);
		end

	// A record leaves the FIFO only through a take or, counted, an
	// overwrite: shadows of the level and of DROPS, counted from the
	// events that move them, equal the RTL's; the LOSS counts the events
	// dropped since the last LOSS; and the high-water mark f_high, the
	// largest level since CLEAR, is the level plus the gap the unit keeps.
	reg  [AW:0] f_level;
	reg  [AW:0] f_high;
	reg  [15:0] f_drops;
	reg  [15:0] f_lcnt;
	wire [AW:0] f_level_nx = f_level + {{AW{1'b0}}, wr} - {{AW{1'b0}}, take} - {{AW{1'b0}}, ovr};
	wire [1:0]  f_nev  = {1'b0, ev_drop} + {1'b0, rev_drop};
	wire [17:0] f_dsum = {2'd0, f_drops} + {16'd0, f_nev} + {17'd0, ovr};
	wire [17:0] f_lsum = {2'd0, f_lcnt} + {16'd0, f_nev};
	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			f_level <= {(AW+1){1'b0}};
			f_high  <= {(AW+1){1'b0}};
			f_drops <= 16'd0;
			f_lcnt  <= 16'd0;
		end else begin
			f_level <= f_level_nx;
			f_high  <= (f_level_nx > f_high) ? f_level_nx : f_high;
			f_drops <= (f_dsum > 18'hffff) ? 16'hffff : f_dsum[15:0];
			if (f_nev != 2'd0)
				f_lcnt <= !r_loss ? {14'd0, f_nev} : (f_lsum > 18'hffff) ? 16'hffff : f_lsum[15:0];
		end
	end
	always @(*)
		if (f_past_valid) begin
			assert(r_level == f_level);
			assert({1'b0, r_level} + {1'b0, r_gap} == {1'b0, f_high});
			assert({1'b0, r_level} + {1'b0, r_gap} <= {1'b0, FULL});
			assert(r_drops == f_drops);
			if (r_loss)
				assert(r_rec[15:0] == f_lcnt);
			// A LOSS's count is final when it is written: no event is
			// dropped in its cycle.
			if (wr_loss)
				assert(f_nev == 2'd0);
			// A bus event is dropped with a write only behind the slot.
			// It finds the slot full with a SYNC forced only when G's
			// window moved at the slot's edge (RESET, TRACE_CTRL and a
			// LOSS's write need a cycle without the slot or without the
			// bus), and is dropped then.
			if (ev_drop && wr)
				assert(slot_wr && !ev_rec);
			if (ev && r_slot && forced)
				assert(!r_force_sync && ev_drop);
		end

	// ---- Call depth ------------------------------------------------------
	// f_depth follows every event while ENABLE, recorded or dropped, from
	// the record types alone: +1 for ENTER (but a retire tap's jump, data
	// bit 0 set), -1 for EXIT, modulo 256; the retire event of a cycle after
	// its bus event. Each record carries the depth before its event.
	function [7:0] f_step(input [2:0] typ, input jump);
		f_step = ((typ == PERF_TRACE_T_ENTER) && !jump) ? 8'd1 : (typ == PERF_TRACE_T_EXIT) ? 8'hff : 8'd0;
	endfunction
	reg  [7:0]  f_depth;
	reg  [7:0]  f_rec_d, f_slot_d;  // the depth before the event in r_rec, in the slot
	wire [7:0]  f_d1 = (i_ev && r_en) ? f_depth + f_step(i_ev_type, 1'b0) : f_depth;
	wire [7:0]  f_d2 = (i_rt_ev && r_en) ? f_d1 + f_step(i_rt_ev_type, i_rt_ev_data[0]) : f_d1;
	always @(posedge i_clk) begin
		if (i_reset || clear)
			f_depth <= 8'd0;
		else
			f_depth <= f_d2;
		if (ev_rec)
			f_rec_d <= f_depth;
		if (rev_rec)
			f_slot_d <= f_d1;
	end
	always @(*)
		if (f_past_valid) begin
			assert(r_depth == f_depth);
			if (r_rec_pend)
				assert(r_rec[60:53] == f_rec_d);
			if (r_slot)
				assert(r_slot_rec[60:53] == f_slot_d);
		end

	// ---- Time stamps ---------------------------------------------------
	// f_lt is G at the last recorded event (G's reset value after a reset
	// or RESET, f_lt_reset set until the next). f_w is the window of the
	// last SYNC written, as a reader takes it from the stream, valid once
	// a SYNC has been written since reset or CLEAR (f_t_valid); a reader
	// rebuilds a record's time as (f_w << 21) | TIME_LO (f_wt). Every event
	// record, as the port writes it, rebuilds to G (bits 52:0) in its
	// event's cycle: so the records between two SYNCs lie in one 2^21
	// window. r_roll says exactly whether G's window moved since f_lt. A
	// LOSS's TIME_LO is G's at the first dropped event, its ROLLED whether
	// the window moved from f_lt's by then (so a reader's time of a LOSS
	// without ROLLED is the first drop's G). Event times never decrease
	// while G is not set back or wrapped.
	reg  [52:0] f_lt;
	reg         f_lt_reset;   // a reset or RESET since f_lt
	reg         f_wrap;       // G wrapped (bits 52:0) since f_lt
	reg  [31:0] f_w;
	reg         f_t_valid;
	reg  [52:0] f_rec_t;      // G at the bus event in r_rec ...
	reg  [52:0] f_slot_t;     // ... and at the retire event in the slot
	reg  [52:0] f_drop_t;     // G at the first event the pending LOSS counts ...
	reg  [52:0] f_drop_lt;    // ... f_lt then ...
	reg         f_drop_moved; // ... and whether G's window had moved since f_lt
	wire [52:0] f_wt    = {f_w, wdata[52:32]};
	wire        f_gwrap = i_grun && (&i_gtime);
	wire        f_moved = f_lt_reset || f_wrap || (i_gtime[52:21] != f_lt[52:21]);
	always @(posedge i_clk) begin
		if (i_reset || i_gset) begin
			f_lt       <= 53'd0;  // G's reset value (no test preload here)
			f_lt_reset <= 1'b1;
			f_wrap     <= 1'b0;
		end else if (ev_rec || rev_rec) begin
			f_lt       <= i_gtime;
			f_lt_reset <= 1'b0;
			f_wrap     <= f_gwrap;
		end else if (f_gwrap)
			f_wrap <= 1'b1;
		if (i_reset || clear)
			f_t_valid <= 1'b0;
		else if (wr && (wdata[63:61] == PERF_TRACE_T_SYNC))
			f_t_valid <= 1'b1;
		if (wr && (wdata[63:61] == PERF_TRACE_T_SYNC))
			f_w <= wdata[31:0];
		if (ev_rec)
			f_rec_t <= i_gtime;
		if (rev_rec)
			f_slot_t <= i_gtime;
		if ((ev_drop || rev_drop) && !r_loss) begin
			f_drop_t     <= i_gtime;
			f_drop_lt    <= f_lt;
			f_drop_moved <= f_moved;
		end
	end

	always @(*)
		if (f_past_valid) begin
			// r_roll: G's window moved since f_lt's (or a reset or RESET).
			assert(r_roll == f_moved);
			if (!f_wrap)
				assert(f_lt <= i_gtime);
			// After reset or CLEAR the first record is a SYNC.
			if (!f_t_valid)
				assert(r_force_sync && !r_rec_pend && !r_slot);
			// A slot with a SYNC forced: RESET came in its event's cycle.
			if (r_slot && r_force_sync)
				assert(f_accepted && !r_slot_late && f_lt_reset);
			// With nothing on its way, the reader's window is the last
			// event's; the records on their way carry their events' TIME_LO
			// and, once the bus's is written, the slot's is in its window.
			if (f_t_valid && !f_lt_reset && !r_rec_pend && !r_slot)
				assert(f_w == f_lt[52:21]);
			if (r_rec_pend)
				assert(r_rec[52:32] == f_rec_t[20:0]);
			if (r_slot)
				assert(r_slot_rec[52:32] == f_slot_t[20:0]);
			if (r_slot && r_rec_pend)
				assert(f_slot_t == f_rec_t);
			if (!r_force_sync && r_slot)
				assert(f_slot_t == f_lt);
			if (!r_force_sync && r_rec_pend && !r_slot)
				assert(f_rec_t == f_lt);
			// An event record as written: the window of the last SYNC is
			// its event's, and its rebuilt time its event's G, exactly.
			if (r_rec_pend)
				assert(f_t_valid && (f_wt == f_rec_t));
			if (slot_wr)
				assert(f_t_valid && (f_wt == f_slot_t));
			// A pending LOSS: TIME_LO of the first drop, ROLLED whether the
			// window had moved then; without ROLLED, once the records before
			// it are written, the reader's window is the first drop's.
			if (r_loss) begin
				assert(r_rec[52:32] == f_drop_t[20:0]);
				assert(r_rec[53] == f_drop_moved);
				if (!f_drop_moved)
					assert(f_drop_t[52:21] == f_drop_lt[52:21]);
			end
			// The last recorded event stays f_lt while a LOSS is pending:
			// the records on their way are its.
			if (r_loss && !f_lt_reset)
				assert(f_drop_lt == f_lt);
			if (r_loss && r_slot)
				assert(f_slot_t == f_drop_lt);
			if (r_loss && f_t_valid && !f_drop_moved && !r_rec_pend && !r_slot)
				assert(f_w == f_drop_t[52:21]);
			if (wr_loss && f_t_valid && !wdata[53])
				assert(f_wt == f_drop_t);
		end

	// Monotonic: an event's time is not below the last event's.
	always @(*)
		if (f_past_valid && (ev_rec || rev_rec) && !f_wrap)
			assert(i_gtime >= f_lt);

	// ---- The SYNC period -----------------------------------------------
	// The records written since the last SYNC (f_nsync, counted from the
	// port's writes, modulo 2^16), where that SYNC went (f_saddr), and
	// whether a LOSS is among them (f_lsince): the unit's block bit is the
	// SYNC's address's, and after a LOSS the next event record has its
	// SYNC first (only LOSS records come between). With the bus's events
	// alone (inside perfscope) the event records since the last SYNC end
	// where the write pointer enters the next block of F_PERIOD records
	// (PERF_TRACE_SYNC_PERIOD, or DEPTH/2 for a smaller FIFO), or at the
	// SYNC's own: fewer than F_PERIOD between two SYNCs, and the period's
	// SYNC is due exactly from there.
	localparam integer F_PERIOD = 1 << PB;
	reg  [AW-1:0] f_saddr;
	reg  [15:0]   f_nsync;
	reg           f_lsince;
	always @(posedge i_clk)
		if (i_reset || clear) begin
			f_nsync  <= 16'd0;
			f_lsince <= 1'b0;
		end else if (wr && (wdata[63:61] == PERF_TRACE_T_SYNC)) begin
			f_nsync  <= 16'd0;
			f_saddr  <= r_wr;
			f_lsince <= 1'b0;
		end else if (wr) begin
			f_nsync <= f_nsync + 16'd1;
			if (wdata[63:61] == PERF_TRACE_T_LOSS)
				f_lsince <= 1'b1;
		end
	wire [16:0] f_spos = {{(17-PB){1'b0}}, f_saddr[PB-1:0]} + 17'd1 + {1'b0, f_nsync};  // from the SYNC's block's start
	always @(*)
		if (f_past_valid && f_t_valid) begin
			assert(r_sblk == f_saddr[PB]);
			assert(r_wr == f_saddr + {{(AW-1){1'b0}}, 1'b1} + f_nsync[AW-1:0]);
			if (f_lsince)
				assert(r_force_sync && !r_rec_pend && !r_slot);
			// Once the write pointer is in the SYNC's next block, the first
			// event recorded with the port free has a SYNC first.
			if (!f_lsince && (f_spos >= F_PERIOD) && (f_spos < 2 * F_PERIOD)
			    && ((ev_rec && !r_slot) || (rev_rec && !ev && !r_slot && !r_rec_pend)))
				assert(wr && (wdata[63:61] == PERF_TRACE_T_SYNC));
`ifndef PERFSCOPE_TRACE_ALONE
			if (!f_lsince) begin
				assert(f_nsync < F_PERIOD);
				assert((f_spos <= F_PERIOD) || (f_nsync <= 16'd1));
				assert(due == (f_spos >= F_PERIOD));
				if (r_rec_pend)
					assert((f_spos < F_PERIOD) || (f_nsync == 16'd0));
			end
`endif
		end

	// ---- Reachability ----------------------------------------------------
	always @(*)
		if (f_past_valid) begin
			// Within the quick covers' depth (the RAM clear takes 9 cycles,
			// an event 2): a FIFO of three, a take from it.
			cover(r_level == 3);
			cover(o_trace_valid && i_trace_ready && (r_level == 2));
`ifdef PERFSCOPE_TRACE_ALONE
			// The two sources: a SYNC for a retire event, a retire event
			// dropped for a forced SYNC the port has no room for, a slot
			// behind a bus record, a bus event behind the slot, two events
			// dropped in one cycle.
			cover(wr_rsync);
			cover(rev_drop && r_slot && !r_rec_pend && !r_loss);
			cover(r_slot_late && r_level == 2);
			cover(ev_rec && r_slot);
			cover(ev_drop && rev_drop);
`endif
		end
`ifdef PERFSCOPE_DEEP_COVER
	// Deeper, in their own model (formal/Makefile): a LOSS record written,
	// a record pushed out by OVERWRITE, which take a full FIFO, and a SYNC
	// the period asks for.
	always @(*)
		if (f_past_valid) begin
			cover(wr_loss);
			cover(ovr);
			cover(wr_sync && due && !forced);
		end
`endif
`endif

endmodule
`default_nettype wire
