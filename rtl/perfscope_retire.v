// SPDX-License-Identifier: Apache-2.0
// perfscope_retire: the retire tap (docs/retire.md). From the CPU's retire
// signals it finds the calls, returns, other jumps and traps of a program
// that carries no instrumentation, and hands the trace unit at most one
// event per cycle, in the cycle the first instruction at the event's
// destination retires, with that instruction's address:
//
//   ENTER            a call's callee (jal or jalr with rd = ra or t0: the
//                    RISC-V return-address hints)
//   EXIT, bit 0 set  a return's target (jalr with rs1 = ra or t0 and rd
//                    not a link)
//   ENTER, bit 0 set any other jump's target (the host makes it a tail
//                    call if a function starts there)
//   IRQ_ENTER        a trap handler's first instruction
//   IRQ_EXIT         an mret, in its own cycle, with its own address
//
// An mret that is a jump's destination gives only its IRQ_EXIT (one event
// per cycle; it ends the handler's calls with it), and none if it is the
// handler's first instruction. A trap between a jump and its destination
// keeps the jump until the mret: its destination retires after that. One
// such jump is kept (handlers that enable interrupts again may lose theirs
// to a nested trap in that window). sim/retire_decoder.h is the harness's
// own computation of the same events, which the harness compares.
`default_nettype none

module perfscope_retire (
	input  wire        i_clk,
	input  wire        i_reset,       // synchronous, active high
	// From the CPU's write-back stage (soc/vexriscv_retire.py)
	input  wire        i_rt_firing,   // an instruction retires in this cycle ...
	input  wire [31:0] i_rt_pc,       // ... at this address ...
	input  wire [31:0] i_rt_insn,     // ... with this code
	input  wire        i_rt_trap,     // the CPU jumps to its trap vector
	// To the trace unit
	output wire        o_ev,          // an event in this cycle
	output reg  [2:0]  o_ev_type,     // PERF_TRACE_T_ENTER, _EXIT, _IRQ_ENTER or _IRQ_EXIT
	output wire [31:0] o_ev_data
);

	`include "perfscope_trace.vh"

	// What the next instruction to retire ends: the destination of the
	// jump or trap before it.
	localparam [2:0] P_NONE = 3'd0,
	                 P_CALL = 3'd1,
	                 P_RET  = 3'd2,
	                 P_JUMP = 3'd3,
	                 P_TRAP = 3'd4;

	reg  [2:0] r_pend;   // the jump or trap whose destination retires next
	reg  [2:0] r_saved;  // the jump a trap came after, until its mret

	// ------------------------------------------------------------------
	// The retiring instruction
	// ------------------------------------------------------------------
	wire [4:0] rd       = i_rt_insn[11:7];
	wire [4:0] rs1      = i_rt_insn[19:15];
	wire       rd_link  = (rd == 5'd1) || (rd == 5'd5);
	wire       rs1_link = (rs1 == 5'd1) || (rs1 == 5'd5);
	wire       is_jal   = (i_rt_insn[6:0] == 7'h6f);
	wire       is_jalr  = (i_rt_insn[6:0] == 7'h67) && (i_rt_insn[14:12] == 3'd0);
	wire       is_mret  = (i_rt_insn == 32'h3020_0073);
	reg  [2:0] kind;
	always @(*) begin
		if (is_jal)
			kind = rd_link ? P_CALL : P_JUMP;
		else if (is_jalr && rd_link)
			kind = (rs1_link && (rs1 != rd)) ? P_JUMP : P_CALL;
		else if (is_jalr)
			kind = rs1_link ? P_RET : P_JUMP;
		else
			kind = P_NONE;
	end

	// ------------------------------------------------------------------
	// The event
	// ------------------------------------------------------------------
	assign o_ev      = i_rt_firing && (is_mret ? (r_pend != P_TRAP) : (r_pend != P_NONE));
	assign o_ev_data = {i_rt_pc[31:1], i_rt_pc[0] | (!is_mret && ((r_pend == P_RET) || (r_pend == P_JUMP)))};
	always @(*) begin
		if (is_mret)
			o_ev_type = PERF_TRACE_T_IRQ_EXIT;
		else if (r_pend == P_RET)
			o_ev_type = PERF_TRACE_T_EXIT;
		else if (r_pend == P_TRAP)
			o_ev_type = PERF_TRACE_T_IRQ_ENTER;
		else
			o_ev_type = PERF_TRACE_T_ENTER;
	end

	// ------------------------------------------------------------------
	// Next state: the retiring instruction first, then a trap after it
	// ------------------------------------------------------------------
	wire [2:0] pend_fired  = !i_rt_firing ? r_pend : is_mret ? r_saved : kind;
	wire [2:0] saved_fired = (i_rt_firing && is_mret) ? P_NONE : r_saved;
	always @(posedge i_clk) begin
		if (i_reset) begin
			r_pend  <= P_NONE;
			r_saved <= P_NONE;
		end else if (i_rt_trap) begin
			r_pend  <= P_TRAP;
			r_saved <= (pend_fired == P_TRAP) ? saved_fired : pend_fired;
		end else begin
			r_pend  <= pend_fired;
			r_saved <= saved_fired;
		end
	end

`ifdef FORMAL
	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// The states are the five named; a trap's own handler is never saved.
	always @(*)
		if (f_past_valid) begin
			assert(r_pend <= P_TRAP);
			assert(r_saved <= P_JUMP);
		end
	// An event only as an instruction retires, and an ENTER or EXIT with
	// bit 0 only for a jump's or a return's destination.
	always @(*) begin
		if (o_ev)
			assert(i_rt_firing);
		if (o_ev && (o_ev_type == PERF_TRACE_T_IRQ_ENTER))
			assert(o_ev_data == i_rt_pc);
	end
	always @(*)
		if (f_past_valid) begin
			cover(o_ev && (o_ev_type == PERF_TRACE_T_EXIT));
			cover(o_ev && (o_ev_type == PERF_TRACE_T_IRQ_EXIT));
		end
`endif

endmodule

`default_nettype wire
