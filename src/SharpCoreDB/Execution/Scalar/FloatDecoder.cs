using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// SQLite's decimal decoding of a double (<c>sqlite3FpDecode</c>), which printf, <c>quote()</c> and
/// <c>round()</c> build on. SQLite scales the value into [9.2e17, 9.2e18] with double-double (Dekker) products,
/// takes the 18–19 digit integer part, and rounds the digits half-up at the requested place. Reproducing those
/// exact steps (rather than formatting the exact binary value) is what makes the 17th–19th digits agree.
/// </summary>
internal static class FloatDecoder
{
    /// <summary>Room for the digits: 20 from the u64 plus a carry digit and a leading rounding digit.</summary>
    public const int BufferLength = 24;

    /// <summary>
    /// Decodes the magnitude of a finite, non-zero double into ASCII digits in <paramref name="buffer"/>
    /// (<see cref="BufferLength"/> bytes at least), rounded as SQLite rounds: <paramref name="round"/> &gt; 0 keeps
    /// that many significant digits; ≤ 0 keeps digits down to 10^round; never more than <paramref name="maxDigits"/>.
    /// Trailing zeros are dropped.
    /// </summary>
    /// <param name="value">The double (finite; its sign is ignored; zero yields the single digit 0).</param>
    /// <param name="round">Where to round.</param>
    /// <param name="maxDigits">The most significant digits to keep (16, or 26 for the <c>!</c> flag).</param>
    /// <param name="buffer">The digit buffer.</param>
    /// <param name="count">The number of digits.</param>
    /// <param name="decimalPoint">How many digits stand before the decimal point (may be ≤ 0 or beyond the count).</param>
    /// <returns>The index of the first digit in <paramref name="buffer"/>.</returns>
    public static int Decode(double value, int round, int maxDigits, Span<byte> buffer, out int count, out int decimalPoint)
    {
        double hi = Math.Abs(value);
        if (hi == 0.0)
        {
            buffer[0] = (byte)'0';
            count = 1;
            decimalPoint = 1;
            return 0;
        }

        // The same double-double scaling SQLite uses everywhere it decodes a double.
        ulong v = RealFormatter.ScaleToDigits(hi, out int exponent);

        // Digits right-aligned, leaving room in front for a rounding carry and a rounding zero.
        int i = buffer.Length - 1;
        int end = buffer.Length;
        while (v != 0)
        {
            buffer[i--] = (byte)('0' + (int)(v % 10));
            v /= 10;
        }

        count = end - 1 - i;
        decimalPoint = count + exponent;
        if (round <= 0)
        {
            round = decimalPoint - round;
            if (round == 0 && buffer[i + 1] >= '5')
            {
                // Rounding just before the first digit, and it rounds up: prepend a zero to carry into.
                round = 1;
                buffer[i--] = (byte)'0';
                count++;
                decimalPoint++;
            }
        }

        if (round > 0 && (round < count || count > maxDigits))
        {
            int first = i + 1;
            if (round > maxDigits)
            {
                round = maxDigits;
            }

            count = round;
            if (buffer[first + round] >= '5')
            {
                int j = round - 1;
                while (true)
                {
                    buffer[first + j]++;
                    if (buffer[first + j] <= '9')
                    {
                        break;
                    }

                    buffer[first + j] = (byte)'0';
                    if (j == 0)
                    {
                        buffer[i--] = (byte)'1';
                        count++;
                        decimalPoint++;
                        break;
                    }

                    j--;
                }
            }
        }

        int start = i + 1;
        while (count > 0 && buffer[start + count - 1] == '0')
        {
            count--;
        }

        if (count == 0)
        {
            // Everything rounded away (a value far below the requested place).
            buffer[start] = (byte)'0';
            count = 1;
        }

        return start;
    }
}
