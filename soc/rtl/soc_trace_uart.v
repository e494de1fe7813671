// SPDX-License-Identifier: Apache-2.0
// The boards' drain of perfscope's trace stream (docs/trace.md): takes a
// record from the stream port when idle and sends it on a serial line of
// its own, 8 bytes, o_trace_data[7:0] first (the record little-endian, as
// the trace file holds it), each byte 8N1, least significant bit first,
// BAUD_DIV clock cycles a bit. The next record is taken in the last cycle
// of the stop bit, so a full FIFO drains at exactly one record per
// 80 * BAUD_DIV cycles. The wire format is in docs/fpga.md.
//
// The record is latched when taken: with OVERWRITE the FIFO may push out
// its oldest record, so the port's data must not be read while sending.
`default_nettype none

module soc_trace_uart #(
	parameter BAUD_DIV = 4  // clock cycles a serial bit, 1..65535
) (
	input  wire        i_clk,
	input  wire        i_reset,
	input  wire        i_trace_valid,  // perfscope's stream port
	input  wire [63:0] i_trace_data,
	output wire        o_trace_ready,
	output reg         o_tx            // the serial line, high when idle
);

	// BAUD_DIV out of range stops elaboration with an error naming the
	// module below, which exists nowhere (as rtl/perfscope.v does).
	generate
	if (BAUD_DIV < 1 || BAUD_DIV > 65535) begin : g_bad_baud_div
		soc_trace_uart_error_BAUD_DIV_must_be_1_to_65535 u_error ();
	end
	endgenerate

	localparam CW = (BAUD_DIV > 1) ? $clog2(BAUD_DIV) : 1;

	reg          r_busy;
	reg [CW-1:0] r_cnt;   // cycle within the bit
	reg [3:0]    r_bit;   // 0 start, 1..8 data, 9 stop
	reg [2:0]    r_byte;  // byte of the record, 0 first
	reg [63:0]   r_rec;   // the bytes not yet sent, the next in 7:0

	wire tick = ({{(32 - CW){1'b0}}, r_cnt} == BAUD_DIV - 1);
	wire done = r_busy && tick && (r_bit == 4'd9) && (r_byte == 3'd7);
	assign o_trace_ready = !r_busy || done;
	wire take = i_trace_valid && o_trace_ready;

	always @(posedge i_clk) begin
		if (i_reset) begin
			r_busy <= 1'b0;
			r_cnt  <= {CW{1'b0}};
			r_bit  <= 4'd0;
			r_byte <= 3'd0;
			o_tx   <= 1'b1;
		end else if (take) begin
			r_busy <= 1'b1;
			r_cnt  <= {CW{1'b0}};
			r_bit  <= 4'd0;
			r_byte <= 3'd0;
			o_tx   <= 1'b0;  // start bit of byte 0
		end else if (r_busy) begin
			r_cnt <= tick ? {CW{1'b0}} : r_cnt + 1'b1;
			if (tick) begin
				if (r_bit == 4'd9) begin
					// Stop bit ends: the next byte's start bit, or idle.
					r_busy <= !done;
					r_bit  <= 4'd0;
					r_byte <= r_byte + 3'd1;
					o_tx   <= done;
				end else begin
					r_bit <= r_bit + 4'd1;
					o_tx  <= (r_bit == 4'd8) ? 1'b1 : r_rec[0];
				end
			end
		end
	end

	// The record shifts right a bit per data bit, so r_rec[0] is always the
	// next bit to send.
	always @(posedge i_clk) begin
		if (take)
			r_rec <= i_trace_data;
		else if (r_busy && tick && r_bit != 4'd8 && r_bit != 4'd9)
			r_rec <= {1'b0, r_rec[63:1]};
	end

`ifdef FORMAL
	reg f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	always @(*) begin
		if (!f_past_valid)
			assume (i_reset);
		if (f_past_valid && !i_reset) begin
			assert (r_bit <= 4'd9);
			assert ({{(32 - CW){1'b0}}, r_cnt} <= BAUD_DIV - 1);
			if (!r_busy)
				assert (o_tx);  // idle line high
			if (r_busy && r_bit == 4'd0)
				assert (!o_tx);  // start bit
			if (r_busy && r_bit == 4'd9)
				assert (o_tx);  // stop bit
		end
	end

	// A record is only taken when the line finishes its last stop bit or
	// is idle, so a record's 80 bits are never cut short.
	always @(posedge i_clk)
		if (f_past_valid && !$past(i_reset) && $past(take) && $past(r_busy))
			assert ($past(r_bit) == 4'd9 && $past(r_byte) == 3'd7 && $past(tick));
`endif

endmodule

`default_nettype wire
