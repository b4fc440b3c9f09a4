using System.Text;

namespace SharpCoreDB.Records;

/// <content>TEXT held as the date, time, duration or GUID it is the text of (<see cref="PackedText"/>), so binding
/// and reading dates and GUIDs allocates no string.</content>
internal readonly partial struct SqlValue
{
    private SqlValue(PackedText form, long bits, int extra)
    {
        _classes = Classes(SqlStorageClass.Text, SqlDeclaredType.None);
        _reference = form;
        _bits = bits;
        _decimalHigh = (uint)extra;
    }

    /// <summary>True for TEXT held packed: its string is written on demand (<see cref="GetTextChars"/>).</summary>
    internal bool IsPackedText => _reference is PackedText;

    /// <summary>The TEXT of a date and time as <see cref="TemporalText.Format(DateTime)"/> writes it, packed.</summary>
    /// <param name="value">The date and time (its kind is not written).</param>
    /// <returns>The value.</returns>
    public static SqlValue FromDateTimeText(DateTime value) => new(PackedText.DateTime, value.Ticks, 0);

    /// <summary>The TEXT of a date, time and offset as <see cref="TemporalText.Format(DateTimeOffset)"/> writes it, packed.</summary>
    /// <param name="value">The value.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromDateTimeOffsetText(DateTimeOffset value) =>
        new(PackedText.DateTimeOffset, value.DateTime.Ticks, (int)(value.Offset.Ticks / TimeSpan.TicksPerMinute));

    /// <summary>The TEXT of a date as <see cref="TemporalText.Format(DateOnly)"/> writes it, packed.</summary>
    /// <param name="value">The date.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromDateText(DateOnly value) => new(PackedText.Date, value.DayNumber, 0);

    /// <summary>The TEXT of a time of day as <see cref="TemporalText.Format(TimeOnly)"/> writes it, packed.</summary>
    /// <param name="value">The time.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromTimeText(TimeOnly value) => new(PackedText.Time, value.Ticks, 0);

    /// <summary>The TEXT of a duration as <see cref="TimeSpanText.Format"/> writes it, packed.</summary>
    /// <param name="value">The duration.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromTimeSpanText(TimeSpan value) => new(PackedText.Duration, value.Ticks, 0);

    /// <summary>
    /// TEXT read from a record: packed when the bytes are exactly the text one of the <see cref="PackedText"/> forms
    /// writes (a date bound by this provider or Microsoft.Data.Sqlite, say), otherwise decoded into a string (one ASCII
    /// character into a shared one).
    /// </summary>
    /// <param name="utf8">The stored bytes.</param>
    /// <returns>The value.</returns>
    public static SqlValue FromUtf8Text(ReadOnlySpan<byte> utf8)
    {
        // One ASCII character (a char bound as TEXT): a shared string (AsciiCharText).
        if (utf8.Length == 1 && utf8[0] < 0x80)
        {
            return FromText(AsciiCharText.Of(utf8[0]));
        }

        return TryPack(utf8, out SqlValue packed) ? packed : FromText(Utf8Text.Decode(utf8));
    }

    /// <summary>The characters of a TEXT value: a string's own, or a packed value's written into <paramref name="buffer"/>.</summary>
    /// <param name="buffer">At least <see cref="PackedText.MaxLength"/> characters when the value is packed; may be
    /// empty otherwise.</param>
    /// <returns>The characters.</returns>
    internal ReadOnlySpan<char> GetTextChars(Span<char> buffer) =>
        _reference is PackedText packed ? buffer[..WritePackedText(buffer, packed)] : (string)_reference!;

    /// <summary>The UTF-8 length of a packed TEXT value (its text is ASCII).</summary>
    /// <returns>The byte count.</returns>
    internal int GetPackedTextLength()
    {
        Span<char> buffer = stackalloc char[PackedText.MaxLength];
        return GetTextChars(buffer).Length;
    }

    /// <summary>Writes a packed TEXT value's UTF-8 (ASCII) bytes.</summary>
    /// <param name="destination">Room for <see cref="GetPackedTextLength"/> bytes.</param>
    /// <returns>The number of bytes written.</returns>
    internal int WritePackedUtf8(Span<byte> destination)
    {
        Span<char> buffer = stackalloc char[PackedText.MaxLength];
        ReadOnlySpan<char> text = GetTextChars(buffer);
        Ascii.FromUtf16(text, destination, out int written);
        return written;
    }

    /// <summary>Compares two TEXT values in UTF-8 byte order (BINARY) where at least one is packed, without a string.</summary>
    /// <param name="left">The first value.</param>
    /// <param name="right">The second value.</param>
    /// <returns>Negative, zero or positive.</returns>
    internal static int ComparePackedText(in SqlValue left, in SqlValue right)
    {
        if (ReferenceEquals(left._reference, right._reference) && ((PackedText)left._reference!).OrdersByPayload)
        {
            return left._bits.CompareTo(right._bits);
        }

        Span<char> leftBuffer = left.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
        Span<char> rightBuffer = right.IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
        return TextOrder.Compare(left.GetTextChars(leftBuffer), right.GetTextChars(rightBuffer));
    }

    // The reference code outside this struct sees: a packed value's text as a new string, an inline or borrowed BLOB
    // as a new array.
    private object? MaterializedReference => _reference switch
    {
        PackedText { IsGuid: true } guid => PackedGuidString(guid),
        PackedText packed => packed.ToText(_bits, (int)_decimalHigh),
        PackedBlob blob => InlineBlobArray(blob.Tail),
        BorrowedBlob borrowed => BlobArray.Copy(borrowed.Bytes),
        _ => _reference,
    };

    private int WritePackedText(Span<char> buffer, PackedText packed) =>
        packed.IsGuid ? packed.WriteGuid(buffer, InlineGuid(packed.GuidTail)) : packed.Write(buffer, _bits, (int)_decimalHigh);

    private string PackedGuidString(PackedText guid)
    {
        Span<char> buffer = stackalloc char[PackedText.GuidLength];
        return new string(buffer[..guid.WriteGuid(buffer, InlineGuid(guid.GuidTail))]);
    }

    // Stored text that one of the forms writes back exactly; anything else (another form, a zone letter, a shorter
    // fraction with trailing zeros, invalid UTF-8) stays a string.
    private static bool TryPack(ReadOnlySpan<byte> utf8, out SqlValue value)
    {
        int length = utf8.Length;
        if (length == PackedText.GuidLength)
        {
            return TryPackGuidText(utf8, out value);
        }

        value = default;
        if (length < 8 || length > TemporalText.MaxLength || !(char.IsAsciiDigit((char)utf8[0]) || utf8[0] == (byte)'-'))
        {
            return false;
        }

        Span<char> buffer = stackalloc char[TemporalText.MaxLength];
        if (Ascii.ToUtf16(utf8, buffer, out _) != System.Buffers.OperationStatus.Done)
        {
            return false;
        }

        ReadOnlySpan<char> text = buffer[..length];
        SqlValue candidate;
        if (text[4] == '-')
        {
            if (length == 10)
            {
                if (!IsoDateTimeText.TryParse(text, out DateTime date))
                {
                    return false;
                }

                candidate = FromDateText(DateOnly.FromDateTime(date));
            }
            else if (text[^3] == ':' && text[^6] is '+' or '-')
            {
                if (!IsoDateTimeText.TryParse(text, out DateTimeOffset dateTimeOffset))
                {
                    return false;
                }

                candidate = FromDateTimeOffsetText(dateTimeOffset);
            }
            else
            {
                if (!IsoDateTimeText.TryParse(text, out DateTime dateTime) || dateTime.Kind != DateTimeKind.Unspecified)
                {
                    return false;
                }

                candidate = FromDateTimeText(dateTime);
            }
        }
        else if (text[2] == ':' && length is 8 or 16)
        {
            if (!IsoDateTimeText.TryParseTime(text, out TimeOnly time))
            {
                return false;
            }

            candidate = FromTimeText(time);
        }
        else if (length is 25 or 27 && text[^8] == '.')
        {
            if (!TimeSpanText.TryParse(text, out TimeSpan duration))
            {
                return false;
            }

            candidate = FromTimeSpanText(duration);
        }
        else
        {
            return false;
        }

        Span<char> written = stackalloc char[PackedText.MaxLength];
        if (!candidate.GetTextChars(written).SequenceEqual(text))
        {
            return false;
        }

        value = candidate;
        return true;
    }
}
