// SPDX-License-Identifier: Apache-2.0
// The perfscope SoC as the Verilator harness (sim/main.cpp) runs it: soc_top
// and perfscope (soc_perf), with the ports only a simulation has. Boards
// use soc_top through syn/board_soc.v instead.
//
//   o_console_*  each character the firmware writes to CONSOLE
//   o_perf_*     perfscope's Wishbone port exactly as the IP sees it, for
//                the reference model
//   o_trace_*, i_trace_ready   perfscope's trace stream (docs/trace.md); the
//                harness is its consumer
//   i_dbg_*      a debug master: while i_dbg_en is set it owns perfscope's
//                port (cyc is held high, sel is all ones) and the CPU's
//                accesses to the window get the unmapped answer; switch it
//                only while the port is idle
//   i_cpu_hold   holds soc_top (the CPU) in reset while perfscope runs, so
//                that the harness arms perfscope's retire tap through the
//                debug port before the program's first instruction
// The loader port and o_uart_tx are soc_top's (soc/README.md).
//
// INPUT_REGS = 1 registers every input but the clock, as sim/Makefile builds
// the harness: Verilator evaluates the logic a top-level input feeds at
// every eval(), twice a cycle, and through the debug-port multiplexer that
// is all of perfscope's bus decoding and the CPU's response to it; behind
// registers it is evaluated once a cycle, after the edge. The harness then
// gives each cycle's inputs before the edge that starts it (sim/main.cpp,
// SIM_INPUTS_REGISTERED), so the SoC sees what it would see driven
// directly; until the first edge it is in reset.
`default_nettype none

module soc_sim_top #(
	parameter RAM_BYTES     = 65536, // soc_top's RAM at address 0 (sim/Makefile's RAM_BYTES)
	parameter PERF_SECTIONS = 7,   // 1..7; 0 builds the SoC without perfscope
	parameter BAUD_DIV      = 0,   // clock cycles per UART bit; 0: no UART
	parameter TRACE_DEPTH   = 512, // perfscope's trace FIFO; 0: no trace unit
	parameter RETIRE        = 1,   // perfscope's retire tap on the CPU's retire stream; 0: none
	parameter HIST_BUCKETS  = 4096, // its histogram's words, with RETIRE (checked, unused without); 0: none
	parameter TRIGGERS      = 7,   // its sections with trigger addresses, with RETIRE; at most PERF_SECTIONS
	parameter INPUT_REGS    = 0    // 1: every input but the clock through a register
) (
	input  wire        i_clk,
	input  wire        i_reset,          // synchronous, active high
	input  wire        i_cpu_hold,       // soc_top in reset, perfscope not
	input  wire        i_load_we,
	input  wire [29:0] i_load_addr,
	input  wire [31:0] i_load_data,
	output wire        o_console_valid,  // one cycle per character written
	output wire [7:0]  o_console_data,
	output wire        o_uart_tx,
	output wire        o_exit_valid,     // firmware wrote SIMCTRL
	output wire [31:0] o_exit_code,
	output wire        o_perf_cyc,
	output wire        o_perf_stb,
	output wire        o_perf_we,
	output wire        o_perf_stall,
	output wire        o_perf_ack,
	output wire [5:0]  o_perf_addr,      // word offset inside the window
	output wire [31:0] o_perf_wdata,
	output wire [31:0] o_perf_rdata,
	output wire [3:0]  o_perf_sel,
	input  wire        i_dbg_en,
	input  wire        i_dbg_stb,
	input  wire        i_dbg_we,
	input  wire [5:0]  i_dbg_addr,
	input  wire [31:0] i_dbg_wdata,
	output wire        o_trace_valid,
	output wire [63:0] o_trace_data,
	input  wire        i_trace_ready
);

	`include "perfscope_params.vh"

	// INPUT_REGS other than 0 or 1 stops elaboration (the module named
	// exists nowhere; see rtl/perfscope.v).
	generate
	if (INPUT_REGS != 0 && INPUT_REGS != 1) begin : g_bad_input_regs
		soc_sim_top_error_INPUT_REGS_must_be_0_or_1 u_error ();
	end
	// Above PERF_SECTIONS it is cut to PERF_SECTIONS (below), so that the
	// default holds with fewer sections; above 7 it names no section.
	if (TRIGGERS < 0 || TRIGGERS > 7) begin : g_bad_triggers
		soc_sim_top_error_TRIGGERS_must_be_0_to_7 u_error ();
	end
	// Checked with RETIRE 0 too, where it is not used: a value no build
	// could take is a mistake either way.
	if (HIST_BUCKETS != 0 && !`PERFSCOPE_HIST_BUCKETS_OK(HIST_BUCKETS)) begin : g_bad_hist
		soc_sim_top_error_HIST_BUCKETS_must_be_0_or_a_power_of_two_2_to_4096 u_error ();
	end
	endgenerate

	// Each input through a register of its own: a Verilated model then
	// copies each, where one wide register of them all would be packed and
	// unpacked in every cycle.
	wire        reset, load_we, dbg_en, dbg_stb, dbg_we, trace_ready, cpu_hold;
	wire [29:0] load_addr;
	wire [31:0] load_data, dbg_wdata;
	wire [5:0]  dbg_addr;
	generate
	if (INPUT_REGS == 1) begin : g_input_regs
		reg        r_reset = 1'b1;  // in reset until the first edge
		reg        r_load_we = 1'b0, r_dbg_en = 1'b0, r_dbg_stb = 1'b0, r_dbg_we = 1'b0;
		reg        r_trace_ready = 1'b0, r_cpu_hold = 1'b0;
		reg [29:0] r_load_addr = 30'd0;
		reg [31:0] r_load_data = 32'd0, r_dbg_wdata = 32'd0;
		reg [5:0]  r_dbg_addr = 6'd0;
		always @(posedge i_clk) begin
			r_reset       <= i_reset;
			r_load_we     <= i_load_we;
			r_load_addr   <= i_load_addr;
			r_load_data   <= i_load_data;
			r_dbg_en      <= i_dbg_en;
			r_dbg_stb     <= i_dbg_stb;
			r_dbg_we      <= i_dbg_we;
			r_dbg_addr    <= i_dbg_addr;
			r_dbg_wdata   <= i_dbg_wdata;
			r_trace_ready <= i_trace_ready;
			r_cpu_hold    <= i_cpu_hold;
		end
		assign {reset, load_we, load_addr, load_data, dbg_en, dbg_stb, dbg_we, dbg_addr, dbg_wdata,
		        trace_ready, cpu_hold} = {r_reset, r_load_we, r_load_addr, r_load_data, r_dbg_en,
		        r_dbg_stb, r_dbg_we, r_dbg_addr, r_dbg_wdata, r_trace_ready, r_cpu_hold};
	end else begin : g_inputs
		assign {reset, load_we, load_addr, load_data, dbg_en, dbg_stb, dbg_we, dbg_addr, dbg_wdata,
		        trace_ready, cpu_hold} = {i_reset, i_load_we, i_load_addr, i_load_data, i_dbg_en,
		        i_dbg_stb, i_dbg_we, i_dbg_addr, i_dbg_wdata, i_trace_ready, i_cpu_hold};
	end
	endgenerate

	wire        present, cpu_cyc, cpu_stb, cpu_we, rt_firing, rt_trap;
	wire [31:0] rt_pc, rt_insn;
	wire [5:0]  cpu_addr;
	wire [31:0] cpu_wdata;
	wire [3:0]  cpu_sel;

	soc_top #(
		.RAM_BYTES (RAM_BYTES),
		.BAUD_DIV  (BAUD_DIV)
	) u_soc (
		.i_clk         (i_clk),
		.i_reset       (reset || cpu_hold),
		.i_load_we     (load_we),
		.i_load_addr   (load_addr),
		.i_load_data   (load_data),
		.o_uart_tx     (o_uart_tx),
		.o_exit_valid  (o_exit_valid),
		.o_exit_code   (o_exit_code),
		.i_perf_mapped (present && !dbg_en),
		.o_perf_cyc    (cpu_cyc),
		.o_perf_stb    (cpu_stb),
		.o_perf_we     (cpu_we),
		.o_perf_addr   (cpu_addr),
		.o_perf_wdata  (cpu_wdata),
		.o_perf_sel    (cpu_sel),
		.i_perf_ack    (o_perf_ack),
		.i_perf_rdata  (o_perf_rdata),
		.o_rt_firing   (rt_firing),
		.o_rt_pc       (rt_pc),
		.o_rt_insn     (rt_insn),
		.o_rt_trap     (rt_trap)
	);

	// The console is soc_top's own signal between its system-control page
	// and its UART: watched here, it needs no port on soc_top.
	assign o_console_valid = u_soc.console_valid;
	assign o_console_data  = u_soc.console_data;

	assign o_perf_cyc   = dbg_en ? 1'b1      : cpu_cyc;
	assign o_perf_stb   = dbg_en ? dbg_stb   : cpu_stb;
	assign o_perf_we    = dbg_en ? dbg_we    : cpu_we;
	assign o_perf_addr  = dbg_en ? dbg_addr  : cpu_addr;
	assign o_perf_wdata = dbg_en ? dbg_wdata : cpu_wdata;
	assign o_perf_sel   = dbg_en ? 4'hf      : cpu_sel;

	// The tap's parts as perfscope takes them: none without the tap, and
	// a trigger for each section at most, so that the defaults hold with
	// any PERF_SECTIONS and with RETIRE = 0 given alone (perfscope itself
	// refuses anything else); no histogram with HIST_BUCKETS out of range,
	// which the check above names alone.
	localparam integer TAP_HIST     = (RETIRE == 0 || !`PERFSCOPE_HIST_BUCKETS_OK(HIST_BUCKETS)) ? 0 : HIST_BUCKETS;
	localparam integer TAP_TRIGGERS = (RETIRE == 0) ? 0 : (TRIGGERS > PERF_SECTIONS) ? PERF_SECTIONS : TRIGGERS;

	soc_perf #(
		.PERF_SECTIONS (PERF_SECTIONS),
		.TRACE_DEPTH   (TRACE_DEPTH),
		.RETIRE        (RETIRE),
		.HIST_BUCKETS  (TAP_HIST),
		.TRIGGERS      (TAP_TRIGGERS)
	) u_perf (
		.i_clk      (i_clk),
		.i_reset    (reset),
		.o_mapped   (present),
		.i_wb_cyc   (o_perf_cyc),
		.i_wb_stb   (o_perf_stb),
		.i_wb_we    (o_perf_we),
		.i_wb_addr  (o_perf_addr),
		.i_wb_data  (o_perf_wdata),
		.i_wb_sel   (o_perf_sel),
		.o_wb_stall (o_perf_stall),
		.o_wb_ack   (o_perf_ack),
		.o_wb_data  (o_perf_rdata),
		.o_trace_valid (o_trace_valid),
		.o_trace_data  (o_trace_data),
		.i_trace_ready (trace_ready),
		.i_rt_firing   (rt_firing),
		.i_rt_pc       (rt_pc),
		.i_rt_insn     (rt_insn),
		.i_rt_trap     (rt_trap)
	);

endmodule

`default_nettype wire
