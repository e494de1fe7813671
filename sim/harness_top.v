// SPDX-License-Identifier: Apache-2.0
// soc_sim_top as sim/Makefile builds the harness on it: the same ports,
// every input but the clock registered. Verilator evaluates the logic a
// top-level input feeds at every eval(), twice a cycle; through soc_sim_top's
// debug-port multiplexer that is all of perfscope's bus decoding and the
// CPU's response to it. Behind these registers that logic is evaluated
// once a cycle, after the edge. sim/main.cpp (SIM_INPUTS_REGISTERED) gives
// each cycle's inputs before the edge that starts it, so the SoC sees what
// it would see driven directly; until the first edge it is in reset.
`default_nettype none

module harness_top #(
	parameter PERF_SECTIONS = 7,
	parameter BAUD_DIV      = 0,
	parameter TRACE_DEPTH   = 512
) (
	input  wire        i_clk,
	input  wire        i_reset,
	input  wire        i_load_we,
	input  wire [29:0] i_load_addr,
	input  wire [31:0] i_load_data,
	output wire        o_console_valid,
	output wire [7:0]  o_console_data,
	output wire        o_uart_tx,
	output wire        o_exit_valid,
	output wire [31:0] o_exit_code,
	output wire        o_perf_cyc,
	output wire        o_perf_stb,
	output wire        o_perf_we,
	output wire        o_perf_stall,
	output wire        o_perf_ack,
	output wire [5:0]  o_perf_addr,
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

	reg        reset_q       = 1'b1;
	reg        load_we_q     = 1'b0;
	reg [29:0] load_addr_q   = 30'd0;
	reg [31:0] load_data_q   = 32'd0;
	reg        dbg_en_q      = 1'b0;
	reg        dbg_stb_q     = 1'b0;
	reg        dbg_we_q      = 1'b0;
	reg [5:0]  dbg_addr_q    = 6'd0;
	reg [31:0] dbg_wdata_q   = 32'd0;
	reg        trace_ready_q = 1'b0;

	always @(posedge i_clk) begin
		reset_q       <= i_reset;
		load_we_q     <= i_load_we;
		load_addr_q   <= i_load_addr;
		load_data_q   <= i_load_data;
		dbg_en_q      <= i_dbg_en;
		dbg_stb_q     <= i_dbg_stb;
		dbg_we_q      <= i_dbg_we;
		dbg_addr_q    <= i_dbg_addr;
		dbg_wdata_q   <= i_dbg_wdata;
		trace_ready_q <= i_trace_ready;
	end

	soc_sim_top #(
		.PERF_SECTIONS (PERF_SECTIONS),
		.BAUD_DIV      (BAUD_DIV),
		.TRACE_DEPTH   (TRACE_DEPTH)
	) u_sim (
		.i_clk           (i_clk),
		.i_reset         (reset_q),
		.i_load_we       (load_we_q),
		.i_load_addr     (load_addr_q),
		.i_load_data     (load_data_q),
		.o_console_valid (o_console_valid),
		.o_console_data  (o_console_data),
		.o_uart_tx       (o_uart_tx),
		.o_exit_valid    (o_exit_valid),
		.o_exit_code     (o_exit_code),
		.o_perf_cyc      (o_perf_cyc),
		.o_perf_stb      (o_perf_stb),
		.o_perf_we       (o_perf_we),
		.o_perf_stall    (o_perf_stall),
		.o_perf_ack      (o_perf_ack),
		.o_perf_addr     (o_perf_addr),
		.o_perf_wdata    (o_perf_wdata),
		.o_perf_rdata    (o_perf_rdata),
		.o_perf_sel      (o_perf_sel),
		.i_dbg_en        (dbg_en_q),
		.i_dbg_stb       (dbg_stb_q),
		.i_dbg_we        (dbg_we_q),
		.i_dbg_addr      (dbg_addr_q),
		.i_dbg_wdata     (dbg_wdata_q),
		.o_trace_valid   (o_trace_valid),
		.o_trace_data    (o_trace_data),
		.i_trace_ready   (trace_ready_q)
	);

endmodule

`default_nettype wire
