namespace SharpCoreDB.Records;

/// <summary>
/// A TEXT value a <see cref="SqlValue"/> holds as the number it is the text of, in one of the date and time forms
/// (<see cref="TemporalText"/>, <see cref="TimeSpanText"/>) or a GUID's <c>D</c> form in one letter case: the value's
/// reference is one of these shared instances, and its payload bits are the number (a GUID's sixteen bytes are held
/// as a BLOB's are, <see cref="PackedBlob"/>, the last one being which of 256 instances of its form the value refers
/// to). Bound parameters and dates read from records are packed, so neither binding
/// nor reading a date allocates a string; the text is written straight into records, key encodings, comparisons and
/// hashes, and only code that asks for the string itself (<see cref="SqlValue.AsText"/>) gets a new one.
/// </summary>
/// <remarks>
/// A packed value is TEXT in every way SQL can see: it is packed only from a value whose canonical text it writes
/// (a parameter), or from stored text that it writes back byte for byte (<see cref="SqlValue.FromUtf8Text"/>).
/// </remarks>
internal sealed class PackedText
{
    /// <summary>The length of a GUID's text (<c>xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx</c>).</summary>
    public const int GuidLength = 36;

    /// <summary>The longest text of any form (a GUID's; a date, time and offset is <see cref="TemporalText.MaxLength"/>).</summary>
    public const int MaxLength = GuidLength;

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

    // A GUID's text in upper case (as Microsoft.Data.Sqlite binds it) and in lower case (as Guid.ToString writes
    // it), one instance per value of the GUID's last byte.
    private static readonly PackedText[] s_upperGuids = CreateGuidForms(Form.UpperGuid);
    private static readonly PackedText[] s_lowerGuids = CreateGuidForms(Form.LowerGuid);

    private readonly Form _form;

    private PackedText(Form form, byte guidTail = 0)
    {
        _form = form;
        GuidTail = guidTail;
    }

    private enum Form : byte
    {
        DateTime,
        DateTimeOffset,
        Date,
        Time,
        Duration,
        UpperGuid,
        LowerGuid,
    }

    /// <summary>True for a GUID's text: the payload is the GUID's big-endian bytes (<see cref="GuidTail"/> the last).</summary>
    public bool IsGuid => _form >= Form.UpperGuid;

    /// <summary>The last big-endian byte of a GUID's text form; zero for other forms.</summary>
    public byte GuidTail { get; }

    /// <summary>
    /// True when two payloads of this form order as their texts do (UTF-8 byte order): every form but a date, time
    /// and offset, whose text orders by clock time and then by the offset's characters, and a GUID's text, whose
    /// payload is more than the bits compared.
    /// </summary>
    public bool OrdersByPayload => _form is not (Form.DateTimeOffset or Form.UpperGuid or Form.LowerGuid);

    /// <summary>The text form of a GUID whose big-endian bytes end with <paramref name="tail"/>.</summary>
    /// <param name="upperCase">True for upper-case hex digits, false for lower case.</param>
    /// <param name="tail">The GUID's last big-endian byte.</param>
    /// <returns>The shared instance.</returns>
    public static PackedText Guid(bool upperCase, byte tail) => (upperCase ? s_upperGuids : s_lowerGuids)[tail];

    /// <summary>Writes a GUID's text in this form's letter case.</summary>
    /// <param name="buffer">At least <see cref="GuidLength"/> characters.</param>
    /// <param name="value">The GUID.</param>
    /// <returns>The number of characters written.</returns>
    public int WriteGuid(Span<char> buffer, System.Guid value)
    {
        value.TryFormat(buffer, out int written, "D");
        if (_form == Form.UpperGuid)
        {
            System.Text.Ascii.ToUpperInPlace(buffer[..written], out _);
        }

        return written;
    }

    /// <summary>Writes the text of a payload.</summary>
    /// <param name="buffer">At least <see cref="MaxLength"/> characters.</param>
    /// <param name="bits">The payload.</param>
    /// <param name="extra">The offset in minutes of a date, time and offset; zero otherwise.</param>
    /// <returns>The number of characters written.</returns>
    /// <remarks>Not for a GUID's text (<see cref="WriteGuid"/>), whose payload does not fit these arguments.</remarks>
    public int Write(Span<char> buffer, long bits, int extra) => _form switch
    {
        Form.DateTime => TemporalText.WriteDateTime(buffer, new System.DateTime(bits)),
        Form.DateTimeOffset => TemporalText.WriteDateTimeOffset(buffer, new System.DateTime(bits), extra),
        Form.Date => TemporalText.WriteDate(buffer, DateOnly.FromDayNumber((int)bits)),
        Form.Time => TemporalText.WriteTime(buffer, new TimeOnly(bits)),
        _ => TimeSpanText.Write(buffer, new TimeSpan(bits)),
    };

    private static PackedText[] CreateGuidForms(Form form)
    {
        var forms = new PackedText[256];
        for (int tail = 0; tail < forms.Length; tail++)
        {
            forms[tail] = new PackedText(form, (byte)tail);
        }

        return forms;
    }

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
