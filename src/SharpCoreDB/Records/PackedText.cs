namespace SharpCoreDB.Records;

/// <summary>
/// A TEXT value a <see cref="SqlValue"/> holds as the number it is the text of, in one of the date and time forms
/// (<see cref="TemporalText"/>, <see cref="TimeSpanText"/>): the value's reference is one of these shared instances,
/// and its payload bits are the number. Bound parameters and dates read from records are packed, so neither binding
/// nor reading a date allocates a string; the text is written straight into records, key encodings, comparisons and
/// hashes, and only code that asks for the string itself (<see cref="SqlValue.AsText"/>) gets a new one.
/// </summary>
/// <remarks>
/// A packed value is TEXT in every way SQL can see: it is packed only from a value whose canonical text it writes
/// (a parameter), or from stored text that it writes back byte for byte (<see cref="SqlValue.FromUtf8Text"/>).
/// </remarks>
internal sealed class PackedText
{
    /// <summary>The longest text of any form (a date, time and offset).</summary>
    public const int MaxLength = TemporalText.MaxLength;

    /// <summary>A <see cref="System.DateTime"/>'s ticks as <c>yyyy-MM-dd HH:mm:ss.FFFFFFF</c>.</summary>
    public static readonly PackedText DateTime = new(Form.DateTime);

    /// <summary>A <see cref="System.DateTimeOffset"/>'s clock ticks, with its offset in minutes, as
    /// <c>yyyy-MM-dd HH:mm:ss.FFFFFFF±hh:mm</c>.</summary>
    public static readonly PackedText DateTimeOffset = new(Form.DateTimeOffset);

    /// <summary>A <see cref="DateOnly"/>'s day number as <c>yyyy-MM-dd</c>.</summary>
    public static readonly PackedText Date = new(Form.Date);

    /// <summary>A <see cref="TimeOnly"/>'s ticks as <c>HH:mm:ss[.fffffff]</c>.</summary>
    public static readonly PackedText Time = new(Form.Time);

    /// <summary>A <see cref="TimeSpan"/>'s ticks as its sortable text.</summary>
    public static readonly PackedText Duration = new(Form.Duration);

    private readonly Form _form;

    private PackedText(Form form)
    {
        _form = form;
    }

    private enum Form : byte
    {
        DateTime,
        DateTimeOffset,
        Date,
        Time,
        Duration,
    }

    /// <summary>
    /// True when two payloads of this form order as their texts do (UTF-8 byte order): every form but a date, time
    /// and offset, whose text orders by clock time and then by the offset's characters.
    /// </summary>
    public bool OrdersByPayload => _form != Form.DateTimeOffset;

    /// <summary>Writes the text of a payload.</summary>
    /// <param name="buffer">At least <see cref="MaxLength"/> characters.</param>
    /// <param name="bits">The payload.</param>
    /// <param name="extra">The offset in minutes of a date, time and offset; zero otherwise.</param>
    /// <returns>The number of characters written.</returns>
    public int Write(Span<char> buffer, long bits, int extra) => _form switch
    {
        Form.DateTime => TemporalText.WriteDateTime(buffer, new System.DateTime(bits)),
        Form.DateTimeOffset => TemporalText.WriteDateTimeOffset(buffer, new System.DateTime(bits), extra),
        Form.Date => TemporalText.WriteDate(buffer, DateOnly.FromDayNumber((int)bits)),
        Form.Time => TemporalText.WriteTime(buffer, new TimeOnly(bits)),
        _ => TimeSpanText.Write(buffer, new TimeSpan(bits)),
    };

    /// <summary>The text of a payload as a new string.</summary>
    /// <param name="bits">The payload.</param>
    /// <param name="extra">The offset in minutes of a date, time and offset; zero otherwise.</param>
    /// <returns>The string.</returns>
    public string ToText(long bits, int extra)
    {
        Span<char> buffer = stackalloc char[MaxLength];
        return new string(buffer[..Write(buffer, bits, extra)]);
    }
}
