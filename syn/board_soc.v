// The SoC as both boards use it: 64 KiB of RAM, the console on a serial
// line, and the firmware's exit code kept for the board's LEDs. The
// simulation-only ports of soc_top (console bytes, the perfscope bus
// probes, the debug port) stay unused here.
`default_nettype none

module board_soc #(
	parameter PERF_SECTIONS = 7,    // 0: the SoC without perfscope (make bench-fpga)
	parameter BAUD_DIV      = 104,  // clock cycles a serial bit
	parameter FIRMWARE      = ""    // $readmemh image in the RAM, "" for none
) (
	input  wire        i_clk,
	input  wire        i_reset,
	// Writes into the RAM while i_reset holds the CPU (a flash loader)
	input  wire        i_load_we,
	input  wire [29:0] i_load_addr,
	input  wire [31:0] i_load_data,
	output wire        o_uart_tx,
	output reg         o_exited,    // the firmware has exited since the reset...
	output reg         o_passed     // ...with code 0
);

	wire        exit_valid;
	wire [31:0] exit_code;
	wire        console_valid, perf_cyc, perf_stb, perf_we, perf_stall, perf_ack;
	wire [7:0]  console_data;
	wire [5:0]  perf_addr;
	wire [31:0] perf_wdata, perf_rdata;
	wire [3:0]  perf_sel;

	soc_top #(
		.RAM_BYTES     (65536),
		.PERF_SECTIONS (PERF_SECTIONS),
		.FIRMWARE      (FIRMWARE),
		.BAUD_DIV      (BAUD_DIV)
	) u_soc (
		.i_clk           (i_clk),
		.i_reset         (i_reset),
		.i_load_we       (i_load_we),
		.i_load_addr     (i_load_addr),
		.i_load_data     (i_load_data),
		.o_console_valid (console_valid),
		.o_console_data  (console_data),
		.o_uart_tx       (o_uart_tx),
		.o_exit_valid    (exit_valid),
		.o_exit_code     (exit_code),
		.o_perf_cyc      (perf_cyc),
		.o_perf_stb      (perf_stb),
		.o_perf_we       (perf_we),
		.o_perf_stall    (perf_stall),
		.o_perf_ack      (perf_ack),
		.o_perf_addr     (perf_addr),
		.o_perf_wdata    (perf_wdata),
		.o_perf_rdata    (perf_rdata),
		.o_perf_sel      (perf_sel),
		.i_dbg_en        (1'b0),
		.i_dbg_stb       (1'b0),
		.i_dbg_we        (1'b0),
		.i_dbg_addr      (6'd0),
		.i_dbg_wdata     (32'd0)
	);

	// verilator lint_off UNUSEDSIGNAL
	wire unused = &{1'b0, console_valid, console_data, perf_cyc, perf_stb, perf_we,
	                perf_stall, perf_ack, perf_addr, perf_wdata, perf_rdata, perf_sel};
	// verilator lint_on UNUSEDSIGNAL

	always @(posedge i_clk) begin
		if (i_reset) begin
			o_exited <= 1'b0;
			o_passed <= 1'b0;
		end else if (exit_valid) begin
			o_exited <= 1'b1;
			o_passed <= (exit_code == 32'd0);
		end
	end

endmodule

`default_nettype wire
