// perfscope SoC on the ULX3S 85F (ECP5 LFE5U-85F-6BG381C): VexRiscv_Full,
// perfscope, 64 KiB of block RAM preloaded with the firmware by the
// bitstream, and the console on the FTDI's serial port at 115200 baud, 8N1.
//
// The PLL makes 50 MHz from the board's 25 MHz, the clock the demo's report
// assumes, so its times in seconds are right. Reset: power-up, PLL lock, or
// the FIRE1 button. LED 0: the firmware exited with 0; LED 1: it exited
// with another code.
`default_nettype none

module ulx3s_top #(
	parameter PERF_SECTIONS = 7,    // 0: the SoC without perfscope (make bench-fpga)
	parameter BAUD_DIV      = 434,  // 50 MHz / 115200 baud (0.01% slow)
	parameter FIRMWARE      = ""    // $readmemh image in the RAM
) (
	input  wire       clk_25mhz,
	input  wire [1:1] btn,         // FIRE1, high when pressed: restart
	output wire       ftdi_rxd,    // to the FTDI: the console
	output wire [7:0] led,
	output wire       wifi_gpio0   // held high so the ESP32 leaves the FPGA alone
);

	// 25 MHz in, VCO 600 MHz, 50 MHz out (parameters from ecppll -i 25 -o 50).
	// Only CLKOP is used; the other outputs and their enables stay open.
	wire clk, locked;
	/* verilator lint_off PINMISSING */
	(* FREQUENCY_PIN_CLKI="25" *)
	(* FREQUENCY_PIN_CLKOP="50" *)
	(* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
	EHXPLLL #(
		.PLLRST_ENA      ("DISABLED"),
		.INTFB_WAKE      ("DISABLED"),
		.STDBY_ENABLE    ("DISABLED"),
		.DPHASE_SOURCE   ("DISABLED"),
		.OUTDIVIDER_MUXA ("DIVA"),
		.OUTDIVIDER_MUXB ("DIVB"),
		.OUTDIVIDER_MUXC ("DIVC"),
		.OUTDIVIDER_MUXD ("DIVD"),
		.CLKI_DIV        (1),
		.CLKOP_ENABLE    ("ENABLED"),
		.CLKOP_DIV       (12),
		.CLKOP_CPHASE    (5),
		.CLKOP_FPHASE    (0),
		.FEEDBK_PATH     ("CLKOP"),
		.CLKFB_DIV       (2)
	) u_pll (
		.RST          (1'b0),
		.STDBY        (1'b0),
		.CLKI         (clk_25mhz),
		.CLKOP        (clk),
		.CLKFB        (clk),
		.PHASESEL0    (1'b0),
		.PHASESEL1    (1'b0),
		.PHASEDIR     (1'b1),
		.PHASESTEP    (1'b1),
		.PHASELOADREG (1'b1),
		.PLLWAKESYNC  (1'b0),
		.ENCLKOP      (1'b0),
		.LOCK         (locked)
	);
	/* verilator lint_on PINMISSING */

	// Reset until the PLL has locked and 15 cycles more; the button is
	// synchronized first.
	reg [3:0] r_por = 4'd0;
	reg [1:0] r_btn = 2'd0;
	always @(posedge clk) begin
		r_btn <= {r_btn[0], btn[1]};
		if (!locked || r_btn[1])
			r_por <= 4'd0;
		else if (r_por != 4'hf)
			r_por <= r_por + 4'd1;
	end
	wire reset = (r_por != 4'hf);

	wire        exit_valid;
	wire [31:0] exit_code;
	// Only the serial line and the exit code leave the SoC on this board.
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
		.i_clk           (clk),
		.i_reset         (reset),
		.i_load_we       (1'b0),
		.i_load_addr     (30'd0),
		.i_load_data     (32'd0),
		.o_console_valid (console_valid),
		.o_console_data  (console_data),
		.o_uart_tx       (ftdi_rxd),
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

	reg r_exited, r_passed;
	always @(posedge clk) begin
		if (reset) begin
			r_exited <= 1'b0;
			r_passed <= 1'b0;
		end else if (exit_valid) begin
			r_exited <= 1'b1;
			r_passed <= (exit_code == 32'd0);
		end
	end

	assign led        = {6'd0, r_exited && !r_passed, r_exited && r_passed};
	assign wifi_gpio0 = 1'b1;

endmodule

`default_nettype wire
