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
// record follows with delta 0; they are recorded together or dropped
// together. The port's order is: the bus's pending record, the slot, a
// SYNC, a LOSS. A SYNC the 256-record period asks for waits while the port
// is busy; a retire event that cannot do without one (after ENABLE, CLEAR,
// a LOSS, RESET, or a delta too wide) is dropped if the port is busy (a
// bus event never meets that case: the proofs below show it). With
// i_rt_ev tied to 0 (RETIRE = 0) every term below that names it or the
// slot is a constant 0, and synthesis leaves the unit no larger than it
// was without the tap.
//
// The FIFO's head leaves the RAM's registered read port: a record becomes
// visible on the port (and to POP_LO) in the second cycle after its write,
// and the read address is the head of the next cycle. The port reads only
// at an edge that can change what the head holds (a take, an overwrite, or
// after a write), and otherwise keeps it.
`default_nettype none

module perfscope_trace #(
	parameter DEPTH = 512   // records the FIFO holds: a power of two, 16..4096
) (
	input  wire        i_clk,
	input  wire        i_reset,       // synchronous, active high
	// From perfscope, in the cycle of the bus request's acceptance
	input  wire [60:0] i_gtime,       // G in this cycle, the bits a record holds
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

	// A DEPTH that is not a power of two from 16 to 4096 stops elaboration
	// (the module named exists nowhere; see perfscope.v).
	generate
	if (DEPTH < 16 || DEPTH > 4096 || (DEPTH & (DEPTH - 1)) != 0) begin : g_bad_depth
		perfscope_trace_error_DEPTH_must_be_a_power_of_two_16_to_4096 u_error ();
	end
	// The records' layout must be the one this RTL builds (frames.toml).
	if (PERF_TRACE_TYPE_LSB != 29 || PERF_TRACE_DEPTH_WIDTH != 8 || PERF_TRACE_DELTA_WIDTH != 21
	    || PERF_TRACE_TIME_HI_WIDTH != 29 || PERF_TRACE_SYNC_PERIOD != 256) begin : g_bad_layout
		perfscope_trace_error_record_layout_not_buildable_see_perfscope_trace_vh u_error ();
	end
	endgenerate

	localparam integer AW = $clog2(DEPTH);           // pointer bits

	// ------------------------------------------------------------------
	// State
	// ------------------------------------------------------------------
	reg          r_en, r_ovw;     // TRACE_CTRL
	reg  [AW:0]  r_level;         // records in the FIFO
	reg  [AW:0]  r_high;          // the most since CLEAR
	reg  [AW-1:0] r_rd, r_wr;     // head and tail
	reg          r_wrote;         // a record was written at the last edge
	reg  [15:0]  r_drops;         // saturating
	reg  [7:0]   r_depth;         // call depth
	reg  [7:0]   r_since;         // event records since the last SYNC
	reg          r_force_sync;    // the next event record needs a SYNC
	reg  [21:0]  r_dcnt;          // G ticks since the last record's time; bit 21 sticky: too far
	reg          r_loss;          // a LOSS is pending in r_rec
	reg          r_rec_pend;      // an event record is pending in r_rec
	reg  [63:0]  r_rec;           // the pending event record or LOSS
	reg          r_slot;          // a retire event's record waits in r_slot_rec ...
	reg          r_slot_late;     // ... behind the bus's record of the same cycle
	reg  [63:0]  r_slot_rec;

	// ------------------------------------------------------------------
	// Events
	// ------------------------------------------------------------------
	// The decisions below sit in blocks that leave them at their idle
	// values unless an event comes (or, further down, a record is written or
	// one is in the FIFO): a simulator then skips them, in most cycles of a
	// run, and synthesis builds the same logic.
	reg         ev, ev_enter, ev_exit, need_sync, ev_rec, ev_drop, wr_sync;
	reg  [7:0]  depth_dec, ev_depth;
	// Room for the SYNC and the record, counting the level before this edge.
	// The level never exceeds FULL, a power of two: its top bit alone says
	// full, and the bits below it the last records' room.
	wire        lvl_full  = r_level[AW];
	wire        lvl_ge_f1 = lvl_full || (&r_level[AW-1:0]);     // FULL - 1 or more
	wire        lvl_ge_f2 = lvl_full || (&r_level[AW-1:1]);     // FULL - 2 or more
	// A retire event in this cycle too needs one more record's room: the
	// two are recorded together or dropped together. The slot, if it holds
	// a record, is written before the bus's event, whose SYNC then waits:
	// only the period can ask for it then (a forced SYNC and a full slot
	// never meet a bus event, which the proofs below show).
	wire        rt_on     = i_rt_ev && r_en;
	wire        forced    = r_force_sync || r_dcnt[21];
	always @(*) begin
		ev = 1'b0; ev_enter = 1'b0; ev_exit = 1'b0; need_sync = 1'b0; ev_rec = 1'b0;
		ev_drop = 1'b0; wr_sync = 1'b0; depth_dec = r_depth; ev_depth = r_depth;
		if (i_ev && r_en) begin
			ev        = 1'b1;
			ev_enter  = (i_ev_type == PERF_TRACE_T_ENTER);
			ev_exit   = (i_ev_type == PERF_TRACE_T_EXIT);
			depth_dec = r_depth - {7'd0, r_depth != 8'd0};
			ev_depth  = ev_exit ? depth_dec : r_depth;
			need_sync = forced || (&r_since);
			ev_rec    = !r_loss && (r_ovw || ((need_sync || r_slot) ? !lvl_ge_f1 : !lvl_full))
			            && !(rt_on && !r_ovw && ((need_sync || r_slot) ? lvl_ge_f2 : lvl_ge_f1));
			ev_drop   = !ev_rec;
			wr_sync   = ev_rec && need_sync && !r_slot;
		end
	end

	// The retire tap's event. After a bus event in the same cycle it never
	// needs a SYNC it cannot wait for: that event cleared the reasons.
	reg         rev, rev_rec, rev_drop, wr_rsync, rt_need, rt_busy;
	reg  [7:0]  rt_d1, rt_d1_dec, rev_depth, rt_depth_nx, rt_since_b, rt_since_nx;
	reg  [20:0] rev_delta;
	always @(*) begin
		rev = 1'b0; rev_rec = 1'b0; rev_drop = 1'b0; wr_rsync = 1'b0; rt_need = 1'b0; rt_busy = 1'b0;
		rt_d1 = r_depth; rt_d1_dec = r_depth; rev_depth = r_depth; rt_depth_nx = r_depth;
		rt_since_b = r_since; rt_since_nx = r_since; rev_delta = 21'd0;
		if (rt_on) begin
			rev        = 1'b1;
			// The depth after the bus's event, then this one's: EXIT takes
			// one off before its record, a call's ENTER adds one after (a
			// jump's, with bit 0 set, changes nothing).
			rt_d1      = (ev && ev_enter) ? r_depth + 8'd1 : (ev && ev_exit) ? depth_dec : r_depth;
			rt_d1_dec  = rt_d1 - {7'd0, rt_d1 != 8'd0};
			rev_depth  = (i_rt_ev_type == PERF_TRACE_T_EXIT) ? rt_d1_dec : rt_d1;
			rt_depth_nx = (i_rt_ev_type == PERF_TRACE_T_ENTER && !i_rt_ev_data[0]) ? rt_d1 + 8'd1 : rev_depth;
			rt_busy    = r_rec_pend || r_slot;
			rt_need    = forced || (&r_since);
			if (ev) begin
				rev_rec    = ev_rec;
				rt_since_b = !ev_rec ? r_since : !need_sync ? r_since + 8'd1 : r_slot ? r_since : 8'd1;
			end else begin
				// The slot is refilled as it is written; behind the bus's
				// pending record it is full.
				rev_rec    = !r_loss && !(r_slot && r_rec_pend) && !(forced && rt_busy)
				             && (r_ovw || ((rt_need || rt_busy) ? !lvl_ge_f1 : !lvl_full));
				wr_rsync   = rev_rec && rt_need && !rt_busy;
			end
			rev_drop    = !rev_rec;
			rt_since_nx = wr_rsync ? 8'd1 : (&rt_since_b) ? rt_since_b : rt_since_b + 8'd1;
			rev_delta   = (ev || wr_rsync) ? 21'd0 : r_dcnt[20:0];
		end
	end

	// The write port: a SYNC at the edge of the acceptance, the event record
	// at the next, the slot when that leaves the port free, a LOSS in a
	// cycle with neither an event nor a record waiting.
	wire        slot_wr   = r_slot && !r_rec_pend;
	wire        wr_loss   = r_loss && !r_rec_pend && !r_slot && !i_accept && !i_rt_ev && (r_ovw || !lvl_ge_f2);
	wire        wr        = wr_sync || wr_rsync || r_rec_pend || slot_wr || wr_loss;
	wire [63:0] sync_rec  = {PERF_TRACE_T_SYNC, i_gtime};
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
			level_nx = r_level + {{AW{dn}}, up || dn};
			// The read address: a mux after the increment, not a carry
			// chain after the take, which comes late (from the bus,
			// through the write decision).
			rd_nx    = (take || ovr) ? r_rd + {{(AW-1){1'b0}}, 1'b1} : r_rd;
		end
	end
	wire        clear     = i_ctrl_we && i_ctrl_data[2];

	wire [63:0] ram_q;
`ifdef FORMAL
	(* anyconst *) reg [AW-1:0] f_addr;
	wire [63:0] f_mem;
`endif
	perfscope_ram #(
		.AW(AW),
		.DW(64)
	) u_fifo (
		.i_clk   (i_clk),
		.i_we    (wr),
		.i_waddr (r_wr),
		.i_wdata (wdata),
		.i_re    (take || ovr || r_wrote),
		.i_raddr (rd_nx),
		.o_rdata (ram_q)
`ifdef FORMAL
		,
		.f_addr  (f_addr),
		.f_data  (f_mem)
`endif
	);

	assign o_trace_data = ram_q;
	assign o_ctrl       = {r_ovw, r_en};
	assign o_status     = {{(16-AW-1){1'b0}}, r_high, {(16-AW-1){1'b0}}, r_level};
	assign o_drops      = {16'd0, r_drops};
	// An empty pop's 0 is perfscope's o_wb_data reset, not a mux here.
	assign o_pop_lo     = ram_q[31:0];
	assign o_pop_empty  = !avail;
	assign o_pop_hi     = avail ? ram_q[63:32] : 32'hffff_ffff;

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
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
			r_level <= {(AW+1){1'b0}};
			r_high  <= {(AW+1){1'b0}};
			r_rd    <= {AW{1'b0}};
			r_wr    <= {AW{1'b0}};
			r_wrote <= 1'b0;
		end else if (wr || take || r_wrote) begin
			r_level <= level_nx;
			if (up && (r_level == r_high))
				r_high <= level_nx;
			r_rd    <= rd_nx;
			r_wr    <= r_wr + {{(AW-1){1'b0}}, wr};
			r_wrote <= wr;
		end
	end

	// Saturation is the incrementer's carry out, not a 16-input AND. With
	// the retire tap up to three records go in one cycle (an overwrite by
	// the slot's write, a bus event and a retire event dropped), added in
	// their own adder.
	wire [16:0] drops_inc = {1'b0, r_drops} + 17'd1;
	wire [16:0] drops_sum = {1'b0, r_drops} + {15'd0, {1'b0, ovr} + {1'b0, ev_drop} + {1'b0, rev_drop}};
	always @(posedge i_clk) begin
		if (i_reset || clear)
			r_drops <= 16'd0;
		else if (rev_drop || r_slot)
			r_drops <= drops_sum[16] ? 16'hffff : drops_sum[15:0];
		else if ((ev_drop || ovr) && !drops_inc[16])
			r_drops <= drops_inc[15:0];
	end

	// The depth moves with every event while ENABLE, recorded or dropped.
	always @(posedge i_clk) begin
		if (i_reset || clear)
			r_depth <= 8'd0;
		else if (rev)
			r_depth <= rt_depth_nx;
		else if (ev && ev_enter)
			r_depth <= r_depth + 8'd1;
		else if (ev && ev_exit)
			r_depth <= depth_dec;
	end

	always @(posedge i_clk) begin
		if (i_reset || clear || i_gset || wr_loss || (i_ctrl_we && i_ctrl_data[0] && !r_en))
			r_force_sync <= 1'b1;
		else if (ev_rec || rev_rec)
			r_force_sync <= 1'b0;
	end

	// While the slot is written the period's SYNC waits: the count stays at
	// 255 until one is written.
	always @(posedge i_clk) begin
		if (i_reset)
			r_since <= 8'd0;
		else if (rev_rec)
			r_since <= rt_since_nx;
		else if (ev_rec)
			r_since <= need_sync ? (r_slot ? r_since : 8'd1) : r_since + 8'd1;
	end

	always @(posedge i_clk) begin
		// From a reset or RESET, G's reset value counts as the last time.
		if (i_reset || i_gset)
			r_dcnt <= 22'd0;
		else if (ev_rec || rev_rec)
			r_dcnt <= {21'd0, i_grun};
		else if (!r_dcnt[21])
			r_dcnt <= r_dcnt + {21'd0, i_grun};
	end

	// r_rec holds the event record for one cycle, or the LOSS while pending.
	always @(posedge i_clk) begin
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

	always @(posedge i_clk) begin
		if (ev_rec)
			r_rec[63:32] <= {i_ev_type, ev_depth, (need_sync && !r_slot) ? 21'd0 : r_dcnt[20:0]};
		else if ((ev_drop || rev_drop) && !r_loss)
			r_rec[63:32] <= {PERF_TRACE_T_LOSS, 8'd0, r_dcnt[21] ? 21'h1fffff : r_dcnt[20:0]};
	end
	// Word 0: the event's data, or the LOSS's count in bits 15:0
	// (saturating; bits 31:16 stay 0). The count starts at 1 by the
	// flip-flops' set and reset, so each bit needs one LUT beside its carry;
	// a BEGIN or END's section number is chosen here, where its bits 31:3
	// are a reset too, not in a mux in perfscope.v.
	// A retire event dropped adds one more (in the cycle of a bus event's
	// drop too), in its own adder.
	wire [16:0] cnt_inc = {1'b0, r_rec[15:0]} + 17'd1;
	wire [16:0] cnt_sum = {1'b0, r_rec[15:0]} + {15'd0, {1'b0, ev_drop} + 2'd1};
	wire        ev_cmd  = (i_ev_type == PERF_TRACE_T_BEGIN) || (i_ev_type == PERF_TRACE_T_END);
	always @(posedge i_clk) begin
		if (rev_drop) begin
			if (!r_loss)
				r_rec[31:0] <= {30'd0, ev_drop, !ev_drop};
			else
				r_rec[15:0] <= cnt_sum[16] ? 16'hffff : cnt_sum[15:0];
		end else if (ev_drop && !r_loss)
			r_rec[31:0] <= 32'd1;
		else if (ev_rec)
			r_rec[31:0] <= ev_cmd ? {29'd0, i_ev_sec} : i_ev_data;
		else if (ev_drop && !cnt_inc[16])
			r_rec[15:0] <= cnt_inc[15:0];
	end

	// The slot: a retire event's record, written when the bus's pending
	// record leaves the port free: at the next edge, or, behind a bus
	// event's record of the same cycle, at the one after (r_slot_late).
	// Both flip-flops load only from rev_rec, so that without the tap they
	// are constants, not a loop that keeps its power-up value.
	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			r_slot      <= 1'b0;
			r_slot_late <= 1'b0;
		end else begin
			r_slot      <= rev_rec || r_slot_late;
			r_slot_late <= rev_rec && ev;
		end
	end
	always @(posedge i_clk)
		if (rev_rec)
			r_slot_rec <= {i_rt_ev_type, rev_depth, rev_delta, i_rt_ev_data};

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
	reg  [60:0] f_g;
	always @(posedge i_clk)
		f_g <= (i_reset || i_gset) ? 61'd0 : f_g + {60'd0, i_grun};
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
			assert(r_high >= r_level);
			assert(r_high <= FULL);
			assert(r_wr == r_rd + r_level[AW-1:0]);
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
			if (r_loss)
				assert((r_rec[63:61] == PERF_TRACE_T_LOSS) && (r_rec[60:53] == 8'd0)
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
			assert(rev == (i_rt_ev && r_en));
			// Recorded together or dropped together.
			if (ev && rev)
				assert(ev_rec == rev_rec);
		end

	// A record leaves the FIFO only through a take or, counted, an
	// overwrite: shadows of the level and of DROPS, counted from the
	// events that move them, equal the RTL's; the LOSS counts the events
	// dropped since the last LOSS; and the high-water mark is the largest
	// level since CLEAR.
	reg  [AW:0] f_level;
	reg  [15:0] f_drops;
	reg  [15:0] f_lcnt;
	reg  [7:0]  f_since;  // event records since the last SYNC, its own included (saturating)
	wire [8:0]  f_since_nx = ((wr_sync || wr_rsync) ? 9'd0 : {1'b0, f_since}) + {8'd0, ev_rec} + {8'd0, rev_rec};
	always @(posedge i_clk)
		if (i_reset)
			f_since <= 8'd0;
		else
			f_since <= (f_since_nx > 9'd255) ? 8'd255 : f_since_nx[7:0];
	wire [1:0]  f_nev  = {1'b0, ev_drop} + {1'b0, rev_drop};
	wire [17:0] f_dsum = {2'd0, f_drops} + {16'd0, f_nev} + {17'd0, ovr};
	wire [17:0] f_lsum = {2'd0, f_lcnt} + {16'd0, f_nev};
	always @(posedge i_clk) begin
		if (i_reset || clear) begin
			f_level <= {(AW+1){1'b0}};
			f_drops <= 16'd0;
			f_lcnt  <= 16'd0;
		end else begin
			f_level <= f_level + {{AW{1'b0}}, wr} - {{AW{1'b0}}, take} - {{AW{1'b0}}, ovr};
			f_drops <= (f_dsum > 18'hffff) ? 16'hffff : f_dsum[15:0];
			if (f_nev != 2'd0)
				f_lcnt <= !r_loss ? {14'd0, f_nev} : (f_lsum > 18'hffff) ? 16'hffff : f_lsum[15:0];
		end
	end
	always @(posedge i_clk)
		if (f_past_valid && !$past(i_reset) && !$past(clear))
			assert(r_high == (($past(r_high) > r_level) ? $past(r_high) : r_level));
	always @(*)
		if (f_past_valid) begin
			assert(r_level == f_level);
			assert(r_drops == f_drops);
			if (r_loss)
				assert(r_rec[15:0] == f_lcnt);
			// A LOSS's count is final when it is written: no event is
			// dropped in its cycle.
			if (wr_loss)
				assert(f_nev == 2'd0);
			// The period: the event records since the last SYNC, counted
			// from the port, until 255 (then one is due).
			assert(r_since == f_since);
			// A bus event is dropped with a write only behind the slot,
			// and finds the slot full only when no SYNC is forced: the
			// slot's event cleared the reasons, and nothing that sets them
			// again can come between (RESET, TRACE_CTRL and a LOSS's
			// write need a cycle without the slot or without the bus).
			if (ev_drop && wr)
				assert(slot_wr && !ev_rec);
			if (ev && r_slot)
				assert(!forced);
			if (r_slot)
				assert(r_dcnt <= 22'd2);
			if (r_slot_late)
				assert(r_dcnt <= 22'd1);
			if (r_slot && r_force_sync)
				assert(f_accepted && !r_slot_late);
		end

	// ---- Time stamps ---------------------------------------------------
	// f_lt is G at the last recorded event (or G's reset value after a
	// reset or RESET): r_dcnt counts from it. f_t is the time of the last
	// record written as a reader rebuilds it from the stream (a SYNC sets
	// it, any other record adds its delta), valid once a SYNC has been
	// written since reset or CLEAR. Every event record, as the port writes
	// it, rebuilds to G in its event's cycle; a LOSS's delta is the first
	// dropped event's. Event times never decrease while G is not set back
	// or wrapped.
	reg  [60:0] f_lt;
	reg  [60:0] f_t;
	reg         f_t_valid;
	reg         f_wrap;       // G wrapped (bits 60:0) since f_lt
	reg  [60:0] f_rec_t;      // G at the bus event in r_rec ...
	reg  [60:0] f_slot_t;     // ... and at the retire event in the slot
	reg  [60:0] f_drop_t;     // G at the first event the pending LOSS counts ...
	reg  [60:0] f_drop_lt;    // ... and f_lt then
	wire [60:0] f_wt    = (wdata[63:61] == PERF_TRACE_T_SYNC) ? wdata[60:0]
	                    : f_t + {40'd0, wdata[52:32]};
	wire        f_gwrap = i_grun && (&i_gtime);
	always @(posedge i_clk) begin
		if (i_reset || i_gset) begin
			f_lt   <= 61'd0;  // G's reset value (no test preload here)
			f_wrap <= 1'b0;
		end else if (ev_rec || rev_rec) begin
			f_lt   <= i_gtime;
			f_wrap <= f_gwrap;
		end else if (f_gwrap)
			f_wrap <= 1'b1;
		if (i_reset || clear)
			f_t_valid <= 1'b0;
		else if (wr && (wdata[63:61] == PERF_TRACE_T_SYNC))
			f_t_valid <= 1'b1;
		if (wr)
			f_t <= f_wt;
		if (ev_rec)
			f_rec_t <= i_gtime;
		if (rev_rec)
			f_slot_t <= i_gtime;
		if ((ev_drop || rev_drop) && !r_loss) begin
			f_drop_t  <= i_gtime;
			f_drop_lt <= f_lt;
		end
	end

	always @(*)
		if (f_past_valid) begin
			// r_dcnt: the ticks of G since f_lt, until too many.
			if (!r_dcnt[21])
				assert(f_lt + {40'd0, r_dcnt[20:0]} == i_gtime);
			if (!f_wrap)
				assert(f_lt <= i_gtime);
			// After reset or CLEAR the first record is a SYNC.
			if (!f_t_valid)
				assert(r_force_sync && !r_rec_pend && !r_slot);
			// Unless a SYNC is due, the stream's time is the last event's,
			// and the records on their way rebuild to their events' G: the
			// bus's first, then the slot's (delta 0 behind it).
			if (!r_force_sync && !r_rec_pend && !r_slot)
				assert(f_t == f_lt);
			if (r_rec_pend)
				assert(f_t + {40'd0, r_rec[52:32]} == f_rec_t);
			if (r_slot && !r_rec_pend)
				assert(f_t + {40'd0, r_slot_rec[52:32]} == f_slot_t);
			if (r_slot && r_rec_pend)
				assert((r_slot_rec[52:32] == 21'd0) && (f_slot_t == f_rec_t));
			if (!r_force_sync && r_slot)
				assert(f_slot_t == f_lt);
			if (!r_force_sync && r_rec_pend && !r_slot)
				assert(f_rec_t == f_lt);
			// An event record as written: its event's time, exactly.
			if (r_rec_pend)
				assert(f_wt == f_rec_t);
			if (slot_wr)
				assert(f_wt == f_slot_t);
			// A LOSS carries the first dropped event's delta, saturated.
			if (r_loss)
				assert((f_drop_lt + {40'd0, r_rec[52:32]} == f_drop_t)
				       || (r_rec[52:32] == 21'h1fffff));
		end

	// Monotonic: an event's time is not below the last event's.
	always @(*)
		if (f_past_valid && (ev_rec || rev_rec) && !f_wrap)
			assert(i_gtime >= f_lt);

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
			// dropped in one cycle. (The period's SYNC waiting takes 255
			// records: the IP testbench reaches it.)
			cover(wr_rsync);
			cover(rev_drop && r_slot && !r_rec_pend && !r_loss);
			cover(r_slot_late && r_level == 2);
			cover(ev_rec && r_slot);
			cover(ev_drop && rev_drop);
`endif
		end
`ifdef PERFSCOPE_DEEP_COVER
	// Deeper, in their own model (formal/Makefile): a LOSS record written,
	// and a record pushed out by OVERWRITE, which take a full FIFO.
	always @(*)
		if (f_past_valid) begin
			cover(wr_loss);
			cover(ovr);
		end
`endif
`endif

endmodule
`default_nettype wire
