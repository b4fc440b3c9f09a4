namespace SharpCoreDB.Records;

/// <content>The exact DECIMAL storage class.</content>
internal readonly partial struct SqlValue
{
    private const byte DecimalSignBit = 0x80;
    private const byte DecimalScaleMask = 0x1F;

    /// <summary>
    /// A number from a <see cref="decimal"/>: INTEGER when it is whole with scale 0 and fits a long, otherwise an
    /// exact DECIMAL that keeps its scale (1.50 stays 1.50). A negative zero loses its sign.
    /// </summary>
    /// <param name="value">The decimal.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromDecimal(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        int scale = (bits[3] >> 16) & 0xFF;
        bool negative = bits[3] < 0;
        ulong low = ((ulong)(uint)bits[1] << 32) | (uint)bits[0];
        uint high = (uint)bits[2];
        if (scale == 0 && high == 0 && (low <= long.MaxValue || (negative && low == 1UL << 63)))
        {
            return FromInt64(negative ? (long)(0 - low) : (long)low);
        }

        bool zero = low == 0 && high == 0;
        byte flags = (byte)(scale | (negative && !zero ? DecimalSignBit : 0));
        return new SqlValue((long)low, high, flags, SqlDeclaredType.None);
    }

    /// <summary>The decimal of a DECIMAL value, without a class check (for code that switched on the class).</summary>
    internal decimal RawDecimal =>
        new((int)_bits, (int)(_bits >> 32), (int)_decimalHigh, (_decimalFlags & DecimalSignBit) != 0, (byte)(_decimalFlags & DecimalScaleMask));

    /// <summary>The numeric value as an exact decimal: INTEGER and DECIMAL always; false for others.</summary>
    /// <param name="value">The decimal.</param>
    /// <returns>Whether the value is an INTEGER or DECIMAL.</returns>
    internal bool TryGetExactDecimal(out decimal value)
    {
        switch (StorageClass)
        {
            case SqlStorageClass.Integer:
                value = _bits;
                return true;
            case SqlStorageClass.Decimal:
                value = RawDecimal;
                return true;
            default:
                value = default;
                return false;
        }
    }
}
