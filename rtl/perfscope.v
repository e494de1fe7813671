// SPDX-License-Identifier: Apache-2.0
// perfscope: a Wishbone performance counter with the Nios II Performance
// Counter Unit's register map and semantics (docs/datasheet.md).
//
// Area comes from not giving every section its own 64-bit incrementer. One
// global timebase G counts while the global counter runs. A stopped section
// stores its accumulated time A; a running section stores the offset A - G
// taken when it began, so its live time is G + offset and its time at END is
// G + offset again. Offsets and occurrence counts live in an 8-word RAM and
// go through one shared 64-bit adder and one 32-bit incrementer.
//
// Every request takes one step: the RAM word of its section is read in the
// cycle of acceptance and updated (or read out) in the next. So a write is
// acknowledged, and the next request accepted, as soon as by any one-cycle
// slave.
//
// Bus: Wishbone B4 pipelined slave. o_wb_stall stays high from the cycle after
// a request is accepted through the cycle of its ack, so a classic master
// that holds STB until ACK is accepted exactly once and no two requests
// overlap. A master that drops CYC aborts its request: a write has taken
// effect at acceptance, but no ack follows a cycle in which CYC was low.
//
// With RETIRE = 1 the retire tap reads the CPU's retire stream (docs/
// retire.md): perfscope_retire.v finds its calls, returns and traps for the
// trace unit, perfscope_hist.v charges every cycle to the last retired PC's
// bucket (HIST_BUCKETS not 0), and perfscope_trig.v BEGINs and ENDs
// sections 1..TRIGGERS when the instructions at their addresses retire.
// Without it, i_rt_* are ignored and nothing of it is built.
//
// With TRACE_DEPTH not 0 the trace unit (perfscope_trace.v, docs/trace.md)
// takes the events this decode finds: writes to the TRACE_* registers and
// the section commands. Its registers are answered at once, but POP_LO,
// which takes a step like a counter read. With TRACE_DEPTH = 0 it is not
// built, and nothing of it is left here: every term below that names it is
// a constant 0.
//
// The formal properties at the end (`ifdef FORMAL, run by formal/Makefile)
// check every read against a shadow of the datasheet's semantics.
`default_nettype none

module perfscope #(
	parameter NUM_SECTIONS = 7,  // measured code sections, 1..7
	parameter TRACE_DEPTH  = 0,  // trace FIFO records: 0 (no trace unit) or a power of two, 16..4096
	parameter RETIRE       = 0,  // 1: the retire tap (i_rt_*) is built
	parameter HIST_BUCKETS = 0,  // with RETIRE: histogram words, 0 (none) or a power of two, 2..4096
	parameter TRIGGERS     = 0,  // with RETIRE: sections 1..TRIGGERS take trigger addresses, 0..NUM_SECTIONS
	parameter TRACE_OREG   = 0   // with TRACE_DEPTH: 1 reads the FIFO's RAM through its output register (ECP5)
) (
	input  wire        i_clk,
	input  wire        i_reset,      // synchronous, active high
`ifdef PERFSCOPE_TEST_PRELOAD
	// Test builds only (rtl/tb): a reset loads G with i_test_gtime and every
	// occurrence count with i_test_occ instead of 0, so that a testbench
	// reaches the wrap of both counters in a few cycles. Hold them constant.
	input  wire [63:0] i_test_gtime,
	input  wire [31:0] i_test_occ,
`endif
	// Wishbone B4 slave, word addressed inside a 256-byte window
	input  wire        i_wb_cyc,
	input  wire        i_wb_stb,
	input  wire        i_wb_we,
	input  wire [5:0]  i_wb_addr,
	input  wire [31:0] i_wb_data,
	input  wire [3:0]  i_wb_sel,
	output wire        o_wb_stall,
	output reg         o_wb_ack,
	output reg  [31:0] o_wb_data,
	// The trace unit's stream (docs/trace.md); quiet without the unit
	output wire        o_trace_valid,
	output wire [63:0] o_trace_data,
	input  wire        i_trace_ready,
	// The CPU's retire stream (soc/vexriscv_retire.py); ignored without RETIRE
	input  wire        i_rt_firing,  // an instruction retires in this cycle ...
	input  wire [31:0] i_rt_pc,      // ... at this address ...
	input  wire [31:0] i_rt_insn,    // ... with this code
	input  wire        i_rt_trap     // the CPU jumps to its trap vector
);

	`include "perfscope_regs.vh"
	`include "perfscope_trace.vh"
	`include "perfscope_params.vh"

	// A NUM_SECTIONS outside 1..7 must not elaborate: 0 would drop section
	// 1's decode and 8 or more would leave the IP answering nothing. The
	// module instantiated here exists nowhere, so Verilator, Icarus and
	// yosys all stop with an error that names it (Verilog-2005 has no
	// $error; an untaken generate branch is never elaborated).
	generate
	if (NUM_SECTIONS < 1 || NUM_SECTIONS > 7) begin : g_bad_num_sections
		perfscope_error_NUM_SECTIONS_must_be_1_to_7 u_error ();
	end
	// The decode below reads the register map from perfscope_regs.vh
	// (regs/perfscope.toml): a 6-bit word offset, the control block in its
	// upper half, below it 8 section blocks (0..7) with the register in the
	// low PERF_SEC_REG_BITS bits; and CONFIG's SECTIONS field wide enough
	// for 7. A register map this RTL cannot decode stops elaboration here.
	if (PERF_ADDR_BITS != 6 || PERF_SEC_NUM_BITS != 3
	    || PERF_SEC_REG_BITS + PERF_SEC_NUM_BITS + 1 != PERF_ADDR_BITS) begin : g_bad_map
		perfscope_error_register_map_layout_not_decodable_see_perfscope_regs_vh u_error ();
	end
	if (PERF_CONFIG_SECTIONS_WIDTH < 3) begin : g_bad_config
		perfscope_error_CONFIG_SECTIONS_field_narrower_than_3_bits u_error ();
	end
	if (TRACE_DEPTH != 0 && !`PERFSCOPE_TRACE_DEPTH_OK(TRACE_DEPTH)) begin : g_bad_trace_depth
		perfscope_error_TRACE_DEPTH_must_be_0_or_a_power_of_two_16_to_4096 u_error ();
	end
	if (TRACE_OREG != 0 && TRACE_OREG != 1) begin : g_bad_trace_oreg
		perfscope_error_TRACE_OREG_must_be_0_or_1 u_error ();
	end
	if (RETIRE != 0 && RETIRE != 1) begin : g_bad_retire
		perfscope_error_RETIRE_must_be_0_or_1 u_error ();
	end
	if (HIST_BUCKETS != 0 && (RETIRE == 0 || !`PERFSCOPE_HIST_BUCKETS_OK(HIST_BUCKETS))) begin : g_bad_hist
		perfscope_error_HIST_BUCKETS_must_be_0_or_with_RETIRE_a_power_of_two_2_to_4096 u_error ();
	end
	if (TRIGGERS < 0 || TRIGGERS > NUM_SECTIONS || (TRIGGERS != 0 && RETIRE == 0)) begin : g_bad_triggers
		perfscope_error_TRIGGERS_must_be_0_or_with_RETIRE_1_to_NUM_SECTIONS u_error ();
	end
	endgenerate

	localparam [7:0] PRESENT  = 8'hff >> (7 - NUM_SECTIONS);  // bit n: section n exists
	// The CONFIG register, packed as regs/perfscope.toml says.
	// log2(TRACE_DEPTH) for CONFIG.TRACE; 0 without the unit.
	localparam integer TRACE_LOG = (TRACE_DEPTH == 0) ? 0 : $clog2(TRACE_DEPTH);
	// log2(HIST_BUCKETS) for CONFIG.HIST; 0 without the histogram.
	localparam integer HIST_LOG = (HIST_BUCKETS == 0) ? 0 : $clog2(HIST_BUCKETS);
	localparam [31:0] CONFIG  = PERF_CONFIG_FIXED | (NUM_SECTIONS << PERF_CONFIG_SECTIONS_LSB)
	                          | (TRACE_LOG << PERF_CONFIG_TRACE_LSB) | (HIST_LOG << PERF_CONFIG_HIST_LSB)
	                          | (RETIRE << PERF_CONFIG_RETIRE_LSB) | (TRIGGERS << PERF_CONFIG_TRIGGERS_LSB);
	// Each part is built only with its parameters in range: out of range,
	// the checks above alone name the parameter, not the part's own too.
	localparam        TRACE   = `PERFSCOPE_TRACE_DEPTH_OK(TRACE_DEPTH)            // the trace unit is built
	                            && (TRACE_OREG == 0 || TRACE_OREG == 1);
	localparam        HIST    = `PERFSCOPE_HIST_BUCKETS_OK(HIST_BUCKETS);          // the histogram is built
	localparam        TRIG    = (TRIGGERS >= 1 && TRIGGERS <= NUM_SECTIONS);      // trigger addresses are built

	// What the step does with the section's time word.
	localparam [1:0] M_KEEP = 2'd0;  // time + 0
	localparam [1:0] M_ADD  = 2'd1;  // offset + G: live or final time
	localparam [1:0] M_SUB  = 2'd2;  // time - G: offset at BEGIN

	// Which word a read returns.
	localparam [1:0] R_LO  = 2'd0;
	localparam [1:0] R_HI  = 2'd1;
	localparam [1:0] R_OCC = 2'd2;
	localparam [1:0] R_POP = 2'd3;  // TRACE_POP_LO

`ifdef PERFSCOPE_TEST_PRELOAD
	wire [63:0] reset_gtime = i_test_gtime;
	wire [31:0] reset_occ   = i_test_occ;
`else
	wire [63:0] reset_gtime = 64'd0;
	wire [31:0] reset_occ   = 32'd0;
`endif

	// ------------------------------------------------------------------
	// Registers
	// ------------------------------------------------------------------
	reg  [63:0] r_gtime;      // G, the global time T[0]
	reg  [7:0]  r_run;        // run flags R[n], bit 0 = global; bits above
	                          // NUM_SECTIONS are never set
	reg  [7:0]  r_ovf;        // sticky overflow flags, bit n = section n

	reg         r_step;       // the cycle after acceptance of a RAM request
	reg  [2:0]  r_sec;        // its section
	reg  [63:0] r_b_time;     // the adder's operand from G (M_*) ...
	reg         r_cin;        // ... and its carry in
	reg         r_occ_inc;    // the step adds one occurrence
	reg         r_write;      // the step writes the RAM word back
	reg         r_read;       // the step answers a read ...
	reg  [1:0]  r_read_word;  // ... with this word (R_*)

	reg         r_clear;      // RAM clear sequence after a reset
	reg         r_busy;       // r_step || r_clear || o_wb_ack: STALL from one flip-flop
	reg  [2:0]  r_clear_addr;

	reg         r_hi_valid;   // TIME_HI latch
	reg  [2:0]  r_hi_sec;
	reg  [31:0] r_hi_word;

	// ------------------------------------------------------------------
	// Request decode
	// ------------------------------------------------------------------
	// A trigger's go (perfscope_trig.v) takes the acceptance slot of a
	// bus request, for its section, while the bus is held.
	wire        tg_go, tg_begin;
	wire [2:0]  tg_sec;
	wire        accept   = i_wb_cyc && i_wb_stb && !o_wb_stall;
	wire        act      = accept || tg_go;   // the RAM word of a_sec is read
	wire        in_secs  = !i_wb_addr[PERF_ADDR_BITS-1];
	wire [2:0]  a_sec    = tg_go ? tg_sec : i_wb_addr[PERF_SEC_REG_BITS +: 3];
	wire [PERF_SEC_REG_BITS-1:0] a_reg = i_wb_addr[PERF_SEC_REG_BITS-1:0];
	// The decode matters only with an accepted request (or a trigger's
	// go), and it sits under one if: a cycle without a request costs the
	// simulator nothing here. Outside it the terms that other cycles read
	// (the commands, wr, rd and the latch's) are 0, and the rest are
	// don't-cares, which synthesis does not gate.
	reg         a_valid, a_run, a_global, hi_hit;
	reg         wr, cmd_reset, cmd_stop, cmd_start, cmd_end, cmd_begin, wr_ovf;
	reg         rd, rd_latched, rd_pop_lo, rd_pop_hi;
	reg         rd_lo, rd_hi, rd_occ, rd_ram, need_step;
	reg  [1:0]  mode;   // what the step does with the section's time word
	reg  [2:0]  tr_ev_type;
	// The trace unit's requests; all 0 without it.
	wire a_trace_ev = TRACE && !in_secs && (i_wb_addr >= PERF_CTRL_TRACE_ENTER)
	                  && (i_wb_addr <= PERF_CTRL_TRACE_IRQ_EXIT);
	// Both are 0 without an acceptance (or a trigger's go): under an if,
	// a cycle without a request costs the simulator one test.
	reg  tr_ev, tr_ctrl_we;
	always @(*) begin
		tr_ev = 1'b0; tr_ctrl_we = 1'b0;
		if (act) begin
			tr_ev      = (accept && i_wb_we && a_trace_ev) || (TRACE && (cmd_begin || cmd_end));
			tr_ctrl_we = TRACE && accept && i_wb_we && (i_wb_addr == PERF_CTRL_TRACE_CTRL) && i_wb_sel[0];
		end
	end
	always @(*) begin
		a_valid = 1'bx; a_run = 1'bx; a_global = 1'bx; hi_hit = 1'bx;
		wr = 1'b0; cmd_reset = 1'b0; cmd_stop = 1'b0; cmd_start = 1'b0; cmd_end = 1'b0;
		cmd_begin = 1'b0; wr_ovf = 1'b0;
		rd = 1'b0; rd_latched = 1'b0; rd_pop_lo = 1'b0; rd_pop_hi = 1'b0;
		rd_lo = 1'bx; rd_hi = 1'bx; rd_occ = 1'bx; rd_ram = 1'bx;
		need_step = 1'bx; mode = 2'bx; tr_ev_type = 3'bx;
		if (act) begin
			a_valid  = in_secs && PRESENT[a_sec];
			a_run    = r_run[a_sec];
			a_global = (a_sec == 3'd0);

			wr         = accept && i_wb_we && a_valid;
			cmd_reset  = wr && a_global && (a_reg == PERF_SEC_TIME_LO) && i_wb_sel[0] && i_wb_data[0];
			cmd_stop   = wr && a_global && (a_reg == PERF_SEC_TIME_LO) && !cmd_reset;
			cmd_start  = wr && a_global && (a_reg == PERF_SEC_TIME_HI);
			cmd_end    = (wr && !a_global && (a_reg == PERF_SEC_TIME_LO)) || (tg_go && !tg_begin);
			cmd_begin  = (wr && !a_global && (a_reg == PERF_SEC_TIME_HI)) || (tg_go && tg_begin);

			wr_ovf     = accept && i_wb_we && (i_wb_addr == PERF_CTRL_OVF) && i_wb_sel[0];

			rd         = accept && !i_wb_we;
			hi_hit     = r_hi_valid && (r_hi_sec == a_sec);
			rd_latched = rd && a_valid && (a_reg == PERF_SEC_TIME_HI) && hi_hit;
			// The trace unit's POP_LO and POP_HI share the latch (docs/trace.md).
			rd_pop_lo  = TRACE && rd && (i_wb_addr == PERF_CTRL_TRACE_POP_LO);
			rd_pop_hi  = TRACE && rd && (i_wb_addr == PERF_CTRL_TRACE_POP_HI);

			rd_lo     = rd && a_valid && (a_reg == PERF_SEC_TIME_LO);
			rd_hi     = rd && a_valid && (a_reg == PERF_SEC_TIME_HI) && !hi_hit;
			rd_occ    = rd && a_valid && (a_reg == PERF_SEC_OCC);
			rd_ram    = rd_lo || rd_hi || rd_occ || rd_pop_lo;
			// The global section's RAM offset is always 0, so G + 0 reads T[0].
			mode      = (cmd_begin && !a_run) ? M_SUB
			          : ((cmd_end && a_run) || ((rd_lo || rd_hi) && (a_run || a_global))) ? M_ADD
			          : M_KEEP;
			// Requests that touch the RAM word: all others are answered at once.
			need_step = rd_ram || (cmd_end && a_run) || cmd_begin || cmd_start || tg_go;
			// The trace unit's record type: used only with an event, a
			// don't-care in a request that is none.
			if (cmd_begin)
				tr_ev_type = PERF_TRACE_T_BEGIN;
			else if (cmd_end)
				tr_ev_type = PERF_TRACE_T_END;
			else begin
				case (i_wb_addr)
				PERF_CTRL_TRACE_EXIT:      tr_ev_type = PERF_TRACE_T_EXIT;
				PERF_CTRL_TRACE_IRQ_ENTER: tr_ev_type = PERF_TRACE_T_IRQ_ENTER;
				PERF_CTRL_TRACE_IRQ_EXIT:  tr_ev_type = PERF_TRACE_T_IRQ_EXIT;
				default:                   tr_ev_type = PERF_TRACE_T_ENTER;
				endcase
			end
		end
	end

	// G's low word, and G, wrap at this cycle's edge.
	wire g_lo_wrap  = r_run[0] && (&r_gtime[31:0]);
	wire g_wrap     = g_lo_wrap && (&r_gtime[63:32]);

	// Registers read without the RAM; the trace unit's (0 without it).
	wire [31:0] tr_imm;
	wire [31:0] tr_pop_lo;
	wire        tr_pop_empty;
	wire [31:0] tr_pop_hi;
	wire [31:0] rt_imm;   // the retire tap's registers (0 without it)
	reg  [31:0] imm_data;
	always @(*) begin
		if (!accept)
			imm_data = 32'bx;  // used only with accept
		else if (rd_latched || rd_pop_hi)
			imm_data = r_hi_word;
		else if (in_secs)
			imm_data = 32'd0;
		else begin
			case (i_wb_addr)
			PERF_CTRL_ID:     imm_data = PERF_ID_VALUE;
			PERF_CTRL_CONFIG: imm_data = CONFIG;
			PERF_CTRL_RUN:    imm_data = {24'd0, r_run};
			// As after this edge, like every read: with G's wrap.
			PERF_CTRL_OVF:    imm_data = {24'd0, r_ovf | (g_wrap ? PRESENT : 8'd0)};
			default:          imm_data = 32'd0;
			endcase
			imm_data = imm_data | tr_imm | rt_imm;
		end
	end

	// ------------------------------------------------------------------
	// Datapath: counter RAM, the time adder, the occurrence incrementer
	// ------------------------------------------------------------------
	wire [95:0] ram_q;
	wire [63:0] word_time = ram_q[63:0];
	wire [31:0] word_occ  = ram_q[95:64];

	// The step adds word_time + r_b_time + r_cin. Both operands come from
	// flip-flops, and the carry chain is cut at bit 32: the high half is
	// summed with and without the low half's carry, which then selects one.
	// A 64-bit ripple carry is too slow on the iCE40 UP5K (docs/fpga.md).
	// Only a step uses the sum and the word it reads: in other cycles they
	// are don't-cares, which a simulator does not compute (most cycles of a
	// run) and synthesis does not gate. The high half's two sums are kept
	// as they are, each bit in the LUT of its carry cell, so that the select
	// by the low half's carry is one LUT after the chains (ram_wdata below).
	reg  [32:0] sum_lo;
	(* keep *) reg  [31:0] sum_hi0;
	(* keep *) reg  [32:0] sum_hi1x;
	reg  [31:0] sum_hi1;   // the high half plus one
	reg  [63:0] new_time;
	reg  [31:0] new_occ;
	always @(*) begin
		sum_lo    = 33'bx;
		sum_hi0   = 32'bx;
		sum_hi1x  = 33'bx;
		sum_hi1   = 32'bx;
		new_time  = 64'bx;
		new_occ   = 32'bx;
		if (r_step) begin
			sum_lo   = {1'b0, word_time[31:0]} + {1'b0, r_b_time[31:0]} + {32'd0, r_cin};
			sum_hi0  = word_time[63:32] + r_b_time[63:32];
			sum_hi1x = {word_time[63:32], 1'b1} + {r_b_time[63:32], 1'b1};
			sum_hi1  = sum_hi1x[32:1];
			new_time = {sum_lo[32] ? sum_hi1 : sum_hi0, sum_lo[31:0]};
			new_occ  = word_occ + {31'd0, r_occ_inc};
		end
	end

	// ------------------------------------------------------------------
	// The trace unit
	// ------------------------------------------------------------------
	wire        tr_pop = TRACE && r_step && r_read && (r_read_word == R_POP);

	generate
	if (TRACE) begin : g_trace
		wire [1:0]  ctrl;
		wire [31:0] status, drops;
		perfscope_trace #(.DEPTH(TRACE_DEPTH), .OREG(TRACE_OREG), .TAP(RETIRE != 0)) u_trace (
			.i_clk         (i_clk),
			.i_reset       (i_reset),
			.i_gtime       (r_gtime[52:0]),
			.i_grun        (r_run[0]),
			.i_gset        (cmd_reset),
			.i_accept      (act),
			.i_ev          (tr_ev),
			.i_ev_type     (tr_ev_type),
			.i_ev_data     (i_wb_data),
			.i_ev_sec      (a_sec),
			.i_rt_ev       (rt_ev),
			.i_rt_ev_type  (rt_ev_type),
			.i_rt_ev_data  (rt_ev_data),
			.i_ctrl_we     (tr_ctrl_we),
			.i_ctrl_data   (i_wb_data[2:0]),
			.i_pop         (tr_pop),
			.o_ctrl        (ctrl),
			.o_status      (status),
			.o_drops       (drops),
			.o_pop_lo      (tr_pop_lo),
			.o_pop_empty   (tr_pop_empty),
			.o_pop_hi      (tr_pop_hi),
			.o_trace_valid (o_trace_valid),
			.o_trace_data  (o_trace_data),
			.i_trace_ready (i_trace_ready)
		);
		reg [31:0] imm;
		always @(*) begin
			case (i_wb_addr)
			PERF_CTRL_TRACE_STATUS: imm = status;
			// TRACE_CTRL reads 0: its mode reads back here, in bits 31:30,
			// which saves a mux input.
			PERF_CTRL_TRACE_DROPS:  imm = drops | {ctrl, 30'd0};
			default:                imm = 32'd0;
			endcase
		end
		assign tr_imm = imm;
	end else begin : g_no_trace
		assign tr_imm        = 32'd0;
		assign tr_pop_lo     = 32'd0;
		assign tr_pop_empty  = 1'b0;
		assign tr_pop_hi     = 32'd0;
		assign o_trace_valid = 1'b0;
		assign o_trace_data  = 64'd0;
	end
	endgenerate

	// ------------------------------------------------------------------
	// The retire tap
	// ------------------------------------------------------------------
	wire        rt_ev;          // a call, return, jump or trap for the trace unit
	wire [2:0]  rt_ev_type;
	wire [31:0] rt_ev_data;
	wire        tg_stall;       // a trigger holds the bus
	wire        wr_ctrl = accept && i_wb_we && !in_secs;  // a control register write
	generate
	if (RETIRE != 0) begin : g_retire
		reg         r_calls;    // RETIRE_CTRL.CALLS
		wire        ev;
		always @(posedge i_clk) begin
			if (i_reset)
				r_calls <= 1'b0;
			else if (wr_ctrl && (i_wb_addr == PERF_CTRL_RETIRE_CTRL) && i_wb_sel[0])
				r_calls <= i_wb_data[0];
		end
		perfscope_retire u_retire (
			.i_clk       (i_clk),
			.i_reset     (i_reset),
			.i_rt_firing (i_rt_firing),
			.i_rt_pc     (i_rt_pc),
			.i_rt_insn   (i_rt_insn),
			.i_rt_trap   (i_rt_trap),
			.o_ev        (ev),
			.o_ev_type   (rt_ev_type),
			.o_ev_data   (rt_ev_data)
		);
		assign rt_ev = ev && r_calls && TRACE;

		wire [31:0] hist_imm, trig_imm;
		if (HIST) begin : g_hist
			localparam integer NB = $clog2(HIST_BUCKETS);
			wire [31:0]   base;
			wire [2:0]    shift, k;
			wire          run, busy, sat, data_valid;
			wire [NB-1:0] index;
			wire [31:0]   data;
			perfscope_hist #(.BUCKETS(HIST_BUCKETS)) u_hist (
				.i_clk        (i_clk),
				.i_reset      (i_reset),
				.i_rt_firing  (i_rt_firing),
				.i_rt_pc      (i_rt_pc),
				.i_wdata      (i_wb_data),
				.i_ctrl_we    (wr_ctrl && (i_wb_addr == PERF_CTRL_HIST_CTRL)),
				.i_base_we    (wr_ctrl && (i_wb_addr == PERF_CTRL_HIST_BASE)),
				.i_cfg_we     (wr_ctrl && (i_wb_addr == PERF_CTRL_HIST_CFG)),
				.i_index_we   (wr_ctrl && (i_wb_addr == PERF_CTRL_HIST_INDEX)),
				.i_data_rd    (rd && (i_wb_addr == PERF_CTRL_HIST_DATA)),
				.o_base       (base),
				.o_shift      (shift),
				.o_k          (k),
				.o_run        (run),
				.o_busy       (busy),
				.o_sat        (sat),
				.o_index      (index),
				.o_data       (data),
				.o_data_valid (data_valid)
			);
			reg [31:0] imm;
			always @(*) begin
				case (i_wb_addr)
				PERF_CTRL_HIST_CTRL:  imm = {28'd0, data_valid, sat, busy, run};
				PERF_CTRL_HIST_BASE:  imm = base;
				PERF_CTRL_HIST_CFG:   imm = {21'd0, k, 5'd0, shift};
				PERF_CTRL_HIST_INDEX: imm = {{(32-NB){1'b0}}, index};
				PERF_CTRL_HIST_DATA:  imm = data_valid ? data : 32'd0;
				default:              imm = 32'd0;
				endcase
			end
			assign hist_imm = imm;
		end else begin : g_no_hist
			assign hist_imm = 32'd0;
		end

		if (TRIG) begin : g_trig
			wire [31:0] sel, start, stop, lost;
			perfscope_trig #(.TRIGGERS(TRIGGERS)) u_trig (
				.i_clk       (i_clk),
				.i_reset     (i_reset),
				.i_rt_firing (i_rt_firing),
				.i_rt_pc     (i_rt_pc),
				.i_wdata     (i_wb_data),
				.i_sel_we    (wr_ctrl && (i_wb_addr == PERF_CTRL_TRIG_SEL) && i_wb_sel[0]),
				.i_start_we  (wr_ctrl && (i_wb_addr == PERF_CTRL_TRIG_START)),
				.i_end_we    (wr_ctrl && (i_wb_addr == PERF_CTRL_TRIG_END)),
				.i_lost_we   (wr_ctrl && (i_wb_addr == PERF_CTRL_TRIG_LOST)),
				.i_ram_busy  (r_clear),
				.o_stall     (tg_stall),
				.o_go        (tg_go),
				.o_sec       (tg_sec),
				.o_begin     (tg_begin),
				.o_sel       (sel),
				.o_start     (start),
				.o_end       (stop),
				.o_lost      (lost)
			);
			reg [31:0] imm;
			always @(*) begin
				case (i_wb_addr)
				PERF_CTRL_TRIG_SEL:   imm = sel;
				PERF_CTRL_TRIG_START: imm = start;
				PERF_CTRL_TRIG_END:   imm = stop;
				PERF_CTRL_TRIG_LOST:  imm = lost;
				default:              imm = 32'd0;
				endcase
			end
			assign trig_imm = imm;
		end else begin : g_no_trig
			assign tg_stall = 1'b0;
			assign tg_go    = 1'b0;
			assign tg_sec   = 3'd0;
			assign tg_begin = 1'b0;
			assign trig_imm = 32'd0;
		end

		assign rt_imm = ((i_wb_addr == PERF_CTRL_RETIRE_CTRL) ? {31'd0, r_calls} : 32'd0) | hist_imm | trig_imm;
	end else begin : g_no_retire
		assign rt_ev      = 1'b0;
		assign rt_ev_type = 3'd0;
		assign rt_ev_data = 32'd0;
		assign rt_imm     = 32'd0;
		assign tg_stall   = 1'b0;
		assign tg_go      = 1'b0;
		assign tg_sec     = 3'd0;
		assign tg_begin   = 1'b0;
	end
	endgenerate

`ifdef FORMAL
	// The section whose RAM word the proofs follow: any, as the solver picks.
	(* anyconst *) reg [2:0] f_sec;
	wire [95:0] f_ram_word;
`endif

	// The RAM's write data is also what a step reads and latches (below):
	// one select after the adder for all three. A step never meets a
	// clear, which stalls the bus.
	wire [95:0] ram_wdata = r_clear ? {reset_occ, 64'd0} : {new_occ, new_time};
	perfscope_ram #(
		.AW(3),
		.DW(96)
	) u_ram (
		.i_clk   (i_clk),
		.i_we    (r_clear || (r_step && r_write)),
		.i_waddr (r_clear ? r_clear_addr : r_sec),
		.i_wdata (ram_wdata),
		.i_re    (act),
		.i_raddr (a_sec),
		.o_rdata (ram_q)
`ifdef FORMAL
		,
		.f_addr  (f_sec),
		.f_data  (f_ram_word)
`endif
	);

	assign o_wb_stall = r_busy || tg_stall;

	// ------------------------------------------------------------------
	// Next state
	// ------------------------------------------------------------------
	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_gtime <= reset_gtime;
		else
		begin
			// Two 32-bit carry chains, the high one's carry in from a
			// LUT tree: one 64-bit chain is too slow on the UP5K.
			r_gtime[31:0]  <= r_gtime[31:0] + {31'd0, r_run[0]};
			r_gtime[63:32] <= r_gtime[63:32] + {31'd0, g_lo_wrap};
		end
	end

	// Only a request or a trigger's go moves a flag: without one the
	// simulator skips the commands' tests.
	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_run <= 8'd0;
		else if (act) begin
			if (cmd_start)
				r_run[0] <= 1'b1;
			else if (cmd_stop)
				r_run[0] <= 1'b0;
			else if (cmd_begin)
				r_run[a_sec] <= 1'b1;
			else if (cmd_end)
				r_run[a_sec] <= 1'b0;
		end
	end

	always @(posedge i_clk) begin
		if (i_reset || cmd_reset) begin
			r_clear      <= 1'b1;
			r_clear_addr <= 3'd0;
		end else if (r_clear) begin
			r_clear      <= (r_clear_addr != 3'd7);
			r_clear_addr <= r_clear_addr + 3'd1;
		end
	end

	// STALL as a flip-flop of its own, set from the next states of r_step,
	// r_clear and o_wb_ack: the acceptance, which every event and the trace
	// unit's write decision wait for, is then one LUT from a flip-flop. It
	// can rise only with an acceptance (a trigger's go too) or a reset, so
	// a simulator skips it in the other cycles while it is 0.
	always @(posedge i_clk)
		if (i_reset || act || r_busy)
			r_busy <= i_reset || cmd_reset || (act && need_step) || (r_clear && (r_clear_addr != 3'd7))
			          || (i_wb_cyc && ((accept && !rd_ram) || (r_step && r_read)));

	always @(posedge i_clk) begin
		if (i_reset)
			r_step <= 1'b0;
		else
			r_step <= act && need_step;
	end

	always @(posedge i_clk) begin
		if (act) begin
			r_sec       <= a_sec;
			r_write     <= wr || tg_go;
			r_occ_inc   <= cmd_start || (cmd_begin && r_run[0]);
			r_read      <= rd_ram;
			r_read_word <= rd_pop_lo ? R_POP : (rd_occ ? R_OCC : (rd_hi ? R_HI : R_LO));
			// The step needs G as it is after this edge, G + r_run[0]:
			// X + G' is X + G + r_run[0], and X - G' is X + ~G + 1 - r_run[0].
			case (mode)
			M_ADD: begin
				r_b_time <= r_gtime;
				r_cin    <= r_run[0];
			end
			M_SUB: begin
				r_b_time <= ~r_gtime;
				r_cin    <= !r_run[0];
			end
			default: begin
				r_b_time <= 64'd0;
				r_cin    <= 1'b0;
			end
			endcase
		end
	end

	// Overflow: G wraps at its tick, and then no section's time can be
	// trusted (none can wrap before G does, as T[n] <= G, but any may later
	// without notice); an occurrence count wraps in its step. A flag set in
	// the cycle a write clears it stays set. The flags move only with a
	// request, a step or G's low word wrapping: a simulator skips them in
	// the other cycles.
	wire       occ_wrap = r_step && r_occ_inc && (&word_occ);
	wire [7:0] ovf_set  = (g_wrap ? PRESENT : 8'd0) | (occ_wrap ? (8'd1 << r_sec) : 8'd0);
	wire [7:0] ovf_clr  = wr_ovf ? i_wb_data[7:0] : 8'd0;

	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_ovf <= 8'd0;
		else if (act || r_step || g_lo_wrap)
			r_ovf <= (r_ovf & ~ovf_clr) | ovf_set;
	end

	// Bus response: writes and registers without RAM in the next cycle,
	// RAM reads one cycle later; nothing after CYC drops.
	always @(posedge i_clk) begin
		if (i_reset || !i_wb_cyc)
			o_wb_ack <= 1'b0;
		else
			o_wb_ack <= (accept && !rd_ram) || (r_step && r_read);
	end

	// The answer: at an acceptance the registers read at once, in a read's
	// step TIME_LO, TIME_HI, OCC or POP_LO. The late high half of the sum
	// meets only the last LUT, and the low half the one before, which is
	// kept apart so that synthesis does not merge the two; an empty POP_LO
	// returns 0 by the register's reset.
	wire        take_hi  = !accept && (r_read_word == R_HI);
	wire        take_lo  = !accept && (r_read_word == R_LO);
	wire [31:0] rd_other = accept ? imm_data : (TRACE && (r_read_word == R_POP)) ? tr_pop_lo : word_occ;
	(* keep *) wire [31:0] rd_lo_other;  // declared apart: Icarus drops attributes on a net declaration assignment
	assign rd_lo_other = take_lo ? ram_wdata[31:0] : rd_other;
	wire [31:0] rd_data  = take_hi ? ram_wdata[63:32] : rd_lo_other;
	always @(posedge i_clk) begin
		if (tr_pop && tr_pop_empty)
			o_wb_data <= 32'd0;
		else if (accept || (r_step && r_read))
			o_wb_data <= rd_data;
	end

	// The 64-bit read latch: a TIME_LO read fills it for the TIME_HI read of
	// the same section, which uses it up; a TRACE_POP_LO read fills it with
	// the record's word 1 for TRACE_POP_HI, and takes it from TIME_HI at its
	// acceptance. One latch for both, instead of a second 32-bit register
	// and its read mux.
	always @(posedge i_clk) begin
		if (i_reset || cmd_reset)
			r_hi_valid <= 1'b0;
		else if (rd_latched || rd_pop_lo)
			r_hi_valid <= 1'b0;
		else if (r_step) begin
			if (r_read && (r_read_word == R_LO))
				r_hi_valid <= 1'b1;
		end
	end

	// Only a TIME_LO read's step fills the latch: the simulator tests
	// r_step alone in the other cycles.
	always @(posedge i_clk)
		if (r_step)
			if (r_read && (r_read_word == R_LO))
				r_hi_sec <= r_sec;

	// TRACE_POP_HI reads 0 after a reset, as the datasheet's table says.
	always @(posedge i_clk) begin
		if (TRACE && i_reset)
			r_hi_word <= 32'd0;
		else if (r_step && r_read && (r_read_word == R_LO))
			r_hi_word <= ram_wdata[63:32];
		else if (tr_pop)
			r_hi_word <= tr_pop_hi;
	end

	// Unused: byte lanes matter only for the RESET bit and OVF, data bits
	// 31:8 nowhere.
	wire unused = &{1'b0, i_wb_sel[3:1], i_wb_data[31:8], sum_hi1x[0], i_trace_ready, tr_ev_type,
	                tr_ev, tr_ctrl_we, tr_pop, i_rt_firing, i_rt_pc, i_rt_insn, i_rt_trap, rt_ev, rt_ev_type,
	                rt_ev_data, wr_ctrl};

`ifdef FORMAL
	// ------------------------------------------------------------------
	// Formal properties (formal/Makefile runs them; docs/formal.md lists
	// them and says which are proven for all time).
	//
	// A shadow of the datasheet's semantics follows the bus with its own
	// decode of the register map. It keeps the run flags, G, and the time,
	// occurrences and overflow flag of section f_sec, which the solver
	// picks, so each proof covers every section, present or not. The RTL's
	// state must agree with the shadow in every cycle (that makes the
	// properties inductive) and every read must return what the shadow
	// predicts.
	// ------------------------------------------------------------------
	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// The one assumption: the first cycle is a reset. The master is free
	// in every other respect, during reset too.
	always @(*)
		if (!f_past_valid)
			assume(i_reset);

	wire [1:0] f_outstanding;
	fwb_slave #(
		.F_LGDEPTH      (2),
		.F_MAX_REQUESTS (1)
	) fwb (
		.i_clk         (i_clk),
		.i_reset       (i_reset),
		.i_wb_cyc      (i_wb_cyc),
		.i_wb_stb      (i_wb_stb),
		.i_wb_stall    (o_wb_stall),
		.i_wb_ack      (o_wb_ack),
		.f_outstanding (f_outstanding)
	);

	// ---- The shadow --------------------------------------------------
	reg  [7:0]  f_run;         // R[n]
	reg  [63:0] f_gtime;       // G
	reg  [63:0] f_time;        // T[f_sec]
	reg  [31:0] f_occ;         // C[f_sec]
	reg         f_ovf;         // OVF bit f_sec
	reg         f_gwrapped;    // G has wrapped since the last reset
	reg         f_latch_valid; // the TIME_HI latch holds the high word ...
	reg  [2:0]  f_latch_sec;   // ... of this section's time ...
	reg  [63:0] f_latch_time;  // ... which was this at its TIME_LO read
	                           // (known when f_latch_sec == f_sec)

	wire        f_present = (f_sec <= NUM_SECTIONS);

	// The request, decoded from the register map.
	wire        f_req     = i_wb_cyc && i_wb_stb && !o_wb_stall;
	wire [2:0]  f_rsec    = i_wb_addr[PERF_SEC_REG_BITS +: 3];
	wire [PERF_SEC_REG_BITS-1:0] f_rreg = i_wb_addr[PERF_SEC_REG_BITS-1:0];
	wire        f_rpres   = !i_wb_addr[PERF_ADDR_BITS-1] && (f_rsec <= NUM_SECTIONS);
	wire        f_wsec    = f_req && i_wb_we && f_rpres;
	wire        f_reset_wr = f_wsec && (f_rsec == 3'd0) && (f_rreg == PERF_SEC_TIME_LO)
	                         && i_wb_sel[0] && i_wb_data[0];
	wire        f_stop    = f_wsec && (f_rsec == 3'd0) && (f_rreg == PERF_SEC_TIME_LO) && !f_reset_wr;
	wire        f_start   = f_wsec && (f_rsec == 3'd0) && (f_rreg == PERF_SEC_TIME_HI);
	wire        f_end     = f_wsec && (f_rsec != 3'd0) && (f_rreg == PERF_SEC_TIME_LO);
	wire        f_begin   = f_wsec && (f_rsec != 3'd0) && (f_rreg == PERF_SEC_TIME_HI);
	wire        f_ovf_clr = f_req && i_wb_we && (i_wb_addr == PERF_CTRL_OVF) && i_wb_sel[0]
	                        && i_wb_data[f_sec];
	wire        f_rd      = f_req && !i_wb_we;
	wire        f_latched = f_latch_valid && (f_latch_sec == f_rsec);
	wire        f_rd_pop  = f_req && !i_wb_we && TRACE && (i_wb_addr == PERF_CTRL_TRACE_POP_LO);
	wire        f_rd_lo   = f_rd && f_rpres && (f_rreg == PERF_SEC_TIME_LO);
	wire        f_rd_hi_latched = f_rd && f_rpres && (f_rreg == PERF_SEC_TIME_HI) && f_latched;
	// Reads the timing table gives two cycles: those of a counter.
	// With the trace unit, POP_LO too.
	wire        f_trace_word = TRACE && (i_wb_addr >= PERF_CTRL_TRACE_ENTER) && (i_wb_addr <= PERF_CTRL_TRACE_POP_HI);
	wire        f_rd_slow = (f_rd && f_rpres && ((f_rreg == PERF_SEC_TIME_LO)
	                        || (f_rreg == PERF_SEC_OCC)
	                        || ((f_rreg == PERF_SEC_TIME_HI) && !f_latched)))
	                        || (f_rd && TRACE && (i_wb_addr == PERF_CTRL_TRACE_POP_LO));

	// At the edge the counters tick with this cycle's run flags; then the
	// request takes effect. Reads return the ticked values.
	wire        f_gwrap   = f_run[0] && (&f_gtime);
	wire [63:0] f_gtime_nx = f_gtime + {63'd0, f_run[0]};
	wire [63:0] f_time_nx = f_time + {63'd0, f_run[0] && f_run[f_sec]};
	wire        f_ovf_nx  = f_present && (f_ovf || f_gwrap);
	wire        f_count   = f_present && ((f_sec == 3'd0) ? f_start
	                        : (f_begin && (f_rsec == f_sec) && f_run[0]));

	always @(posedge i_clk) begin
		if (i_reset || f_reset_wr) begin
			f_run         <= 8'd0;
			f_gtime       <= 64'd0;
			f_time        <= 64'd0;
			f_occ         <= 32'd0;
			f_ovf         <= 1'b0;
			f_gwrapped    <= 1'b0;
			f_latch_valid <= 1'b0;
		end else begin
			f_gtime    <= f_gtime_nx;
			f_time     <= f_time_nx;
			f_occ      <= f_occ + {31'd0, f_count};
			f_gwrapped <= f_gwrapped || f_gwrap;
			// A flag set in the cycle a write clears it stays set.
			f_ovf      <= f_present && ((f_ovf_nx && !f_ovf_clr) || f_gwrap
			                            || (f_count && (&f_occ)));
			if (f_start)
				f_run[0] <= 1'b1;
			if (f_stop)
				f_run[0] <= 1'b0;
			if (f_begin)
				f_run[f_rsec] <= 1'b1;
			if (f_end)
				f_run[f_rsec] <= 1'b0;
			if (f_rd_lo) begin
				f_latch_valid <= 1'b1;
				f_latch_sec   <= f_rsec;
				f_latch_time  <= f_time_nx;
			end else if (f_rd_hi_latched || f_rd_pop)
				f_latch_valid <= 1'b0;
		end
	end

	// The shadow's own invariants. The third is the datasheet's "a
	// section never exceeds the global time it ran under".
	always @(*)
		if (f_past_valid) begin
			assert((f_run & ~PRESENT) == 8'd0);
			if (!f_present)
				assert((f_time == 64'd0) && (f_occ == 32'd0) && !f_ovf);
			if (!f_gwrapped)
				assert(f_time <= f_gtime);
			if (f_sec == 3'd0)
				assert(f_time == f_gtime);
		end

	// ---- Reads return what the shadow predicts -------------------------
	// f_care marks the bits the shadow knows: all of them, except the
	// counters of sections other than f_sec (another choice of f_sec
	// covers those).
	reg  [31:0] f_want, f_care;
	always @(*) begin
		f_want = 32'd0;
		f_care = 32'hffff_ffff;
		if (!i_wb_addr[PERF_ADDR_BITS-1]) begin
			if (f_rpres && (f_rreg != PERF_SEC_RSVD)) begin
				if (f_rsec != f_sec)
					f_care = 32'd0;
				case (f_rreg)
				PERF_SEC_TIME_LO: f_want = f_time_nx[31:0];
				PERF_SEC_TIME_HI: f_want = f_latched ? f_latch_time[63:32] : f_time_nx[63:32];
				default:          f_want = f_occ;
				endcase
			end
		end else begin
			case (i_wb_addr)
			PERF_CTRL_ID:     f_want = PERF_ID_VALUE;
			PERF_CTRL_CONFIG: f_want = CONFIG;
			PERF_CTRL_RUN:    f_want = {24'd0, f_run};
			PERF_CTRL_OVF: begin
				f_want = {31'd0, f_ovf_nx} << f_sec;
				f_care = (32'd1 << f_sec) | ~{24'd0, PRESENT};
			end
			default:          f_want = 32'd0;
			endcase
			// The trace unit's registers: its own properties
			// (perfscope_trace.v) cover what they hold.
			if (f_trace_word)
				f_care = 32'd0;
		end
	end

	// The last accepted request: at its ack a read must return f_want.
	reg  [1:0]  f_mode;        // its step's M_*
	reg         f_rd_q;
	reg  [31:0] f_want_q, f_care_q;
	always @(posedge i_clk)
		if (f_req) begin
			f_mode   <= mode;
			f_rd_q   <= !i_wb_we;
			f_want_q <= f_want;
			f_care_q <= f_care;
		end

	always @(*)
		if (f_past_valid && o_wb_ack && f_rd_q)
			assert(((o_wb_data ^ f_want_q) & f_care_q) == 32'd0);

	// ---- Timing: the datasheet's table ------------------------------
	reg  [1:0]  f_ack_in;  // the ack comes in this cycle (1), the next (2), or not (0)
	reg  [3:0]  f_busy;    // cycles the slave still stalls
	always @(posedge i_clk) begin
		if (i_reset) begin
			f_ack_in <= 2'd0;
			f_busy   <= 4'd8;                     // the RAM clear
		end else if (f_req) begin
			f_ack_in <= f_rd_slow ? 2'd2 : 2'd1;
			f_busy   <= f_reset_wr ? 4'd8 : (f_rd_slow ? 4'd2 : 4'd1);
		end else if ((f_ack_in == 2'd2) && !i_wb_cyc) begin
			f_ack_in <= 2'd0;                     // aborted: no ack, no wait
			f_busy   <= 4'd0;
		end else begin
			if (f_ack_in != 2'd0)
				f_ack_in <= f_ack_in - 2'd1;
			if (f_busy != 4'd0)
				f_busy <= f_busy - 4'd1;
		end
	end

	always @(*)
		if (f_past_valid) begin
			assert(o_wb_ack == (f_ack_in == 2'd1));
			assert(o_wb_stall == (f_busy != 4'd0));
			assert(f_outstanding == {1'b0, f_ack_in != 2'd0});
		end

	// ---- The IP's invariants, on the RTL's own state -----------------
	// Section f_sec as the RTL holds it: its RAM word once a pending step
	// has written it back, and the time and count that word stands for.
	// During the clear after a reset the counters are their reset values
	// (and reads stall).
	wire [95:0] f_word     = r_clear ? {reset_occ, 64'd0}
	                       : (r_step && r_write && (r_sec == f_sec)) ? {new_occ, new_time}
	                       : f_ram_word;
	wire [63:0] f_rtl_time = (f_sec == 3'd0) ? r_gtime
	                       : r_run[f_sec] ? f_word[63:0] + r_gtime : f_word[63:0];
	wire [31:0] f_rtl_occ  = f_word[95:64];
	wire        f_rtl_ovf  = r_ovf[f_sec] || (occ_wrap && (r_sec == f_sec));

	always @(*)
		if (f_past_valid) begin
			assert(r_gtime == f_gtime);
			assert(r_run == f_run);
			assert((r_ovf & ~PRESENT) == 8'd0);
			if (f_present) begin
				assert(f_rtl_time == f_time);
				assert(f_rtl_occ == f_occ);
				assert(f_rtl_ovf == f_ovf);
				if (!f_gwrapped)
					assert(f_rtl_time <= r_gtime);
			end
			// The global section's word holds no offset: G + 0 is T[0].
			if (f_sec == 3'd0)
				assert(f_word[63:0] == 64'd0);
		end

	// A section's time advances by exactly one in a cycle in which it and
	// the global counter run, and otherwise holds; its occurrences grow by
	// exactly one per counted start.
	always @(posedge i_clk)
		if (f_past_valid && !$past(i_reset) && !$past(f_reset_wr) && f_present) begin
			assert(f_rtl_time == $past(f_rtl_time) + {63'd0, $past(r_run[0] && r_run[f_sec])});
			assert(f_rtl_occ == $past(f_rtl_occ) + {31'd0, $past(f_count)});
		end

	// Reset clears every counter and flag at the edge that ends its cycle,
	// then clears the RAM for eight cycles.
	always @(posedge i_clk)
		if (f_past_valid && ($past(i_reset) || $past(f_reset_wr))) begin
			assert((r_gtime == 64'd0) && (r_run == 8'd0) && (r_ovf == 8'd0));
			assert(!r_hi_valid && !r_step);
			assert(r_clear && (r_clear_addr == 3'd0));
		end

	// STALL's flip-flop is the OR it stands for.
	always @(*)
		if (f_past_valid)
			assert(r_busy == (r_step || r_clear || o_wb_ack));

	// The RAM word a request reads is never written in the cycle it is
	// read, so the RAM's no_rw_check is safe.
	always @(*)
		if (f_past_valid && accept)
			assert(!r_clear && !(r_step && r_write));

	// ---- Strengthening for induction: what the RTL's internal state
	// means in terms of the shadow and the timing automaton.
	wire f_lo_step = r_step && r_read && (r_read_word == R_LO);
	always @(*)
		if (f_past_valid) begin
			if (r_clear) begin
				assert(!r_step && (f_busy == 4'd8 - {1'b0, r_clear_addr}));
				if (f_sec < r_clear_addr)
					assert(f_ram_word == {reset_occ, 64'd0});
			end else if (r_step)
				assert((f_busy == (r_read ? 4'd2 : 4'd1)) && (f_ack_in == (r_read ? 2'd2 : 2'd1)));
			else
				assert(f_busy == {3'd0, o_wb_ack});
			assert((f_ack_in == 2'd2) == (r_step && r_read));
			assert(f_ack_in != 2'd3);
			if (r_step) begin
				// The adder's operand is G after the accepting edge (the
				// G of this cycle), its negation, or 0.
				case (f_mode)
				M_ADD:   assert(r_b_time + {63'd0, r_cin} == r_gtime);
				M_SUB:   assert(r_b_time + {63'd0, r_cin} == 64'd0 - r_gtime);
				default: assert((r_b_time == 64'd0) && !r_cin);
				endcase
				assert(r_read != r_write);
				// A POP_LO step reads no section, and only the trace unit has one.
				assert(PRESENT[r_sec] || (TRACE && r_read && (r_read_word == R_POP)));
				if (!TRACE)
					assert(r_read_word != R_POP);
				assert(!r_occ_inc || r_write);
				if (r_sec == f_sec)
					assert(ram_q == f_ram_word);
				// A read's answer is the shadow's; what POP_LO returns, the
				// trace unit's properties cover (perfscope_trace.v).
				if (r_read)
					assert(f_rd_q && (((rd_data ^ f_want_q) & f_care_q) == 32'd0)
					       && ((r_read_word != R_POP) || (f_care_q == 32'd0)));
			end
			// A POP_LO's step writes the latch, which its acceptance took
			// from TIME_HI.
			if (r_step && r_read && (r_read_word == R_POP))
				assert(!f_latch_valid);
			if (f_lo_step) begin
				assert(f_latch_valid && (f_latch_sec == r_sec));
				if (r_sec == f_sec)
					assert(new_time == f_latch_time);
			end else begin
				assert(r_hi_valid == f_latch_valid);
				if (f_latch_valid)
					assert(r_hi_sec == f_latch_sec);
				if (f_latch_valid && (f_latch_sec == f_sec))
					assert(r_hi_word == f_latch_time[63:32]);
			end
		end

	// ---- Reachability: the assumption leaves the interesting cases open.
	always @(*)
		if (f_past_valid && (f_sec != 3'd0) && f_present) begin
			cover(o_wb_ack && f_rd_q && (f_care_q != 32'd0) && (f_want_q == 32'd3));
			cover(f_rtl_occ == 32'd2);
			cover(r_hi_valid && (r_hi_sec == f_sec) && (f_time != 64'd0));
		end
`endif

endmodule
`default_nettype wire
