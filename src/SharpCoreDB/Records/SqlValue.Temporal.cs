namespace SharpCoreDB.Records;

/// <content>Dates, times and durations read from a stored value, in the forms the provider writes and SQLite's
/// functions return (see docs/TYPES.md).</content>
internal readonly partial struct SqlValue
{
    /// <summary>A date and time: ISO-8601 TEXT (<see cref="IsoDateTimeText"/>), or a number — Unix seconds (UTC) when the
    /// value is tagged <see cref="SqlDeclaredType.UnixTime"/>, a Julian day number otherwise.</summary>
    /// <param name="value">The date and time.</param>
    /// <returns>Whether the value is one.</returns>
    public bool TryGetDateTime(out DateTime value)
    {
        switch (StorageClass)
        {
            case SqlStorageClass.Text when ReferenceEquals(_reference, PackedText.DateTime):
                // What parsing its text gives: the clock time, unspecified kind.
                value = new DateTime(_bits);
                return true;
            case SqlStorageClass.Text:
                // Only the ISO-8601 forms SQLite's date functions use: never a guess that depends on today's date.
                Span<char> buffer = IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
                return IsoDateTimeText.TryParse(GetTextChars(buffer), out value);
            case SqlStorageClass.Integer when DeclaredType == SqlDeclaredType.UnixTime:
                return JulianDay.TryFromUnixSeconds(_bits, out value);
            case SqlStorageClass.Real when DeclaredType == SqlDeclaredType.UnixTime:
                return JulianDay.TryFromUnixSeconds(BitConverter.Int64BitsToDouble(_bits), out value);
            case SqlStorageClass.Integer:
                return JulianDay.TryToDateTime(_bits, out value);
            case SqlStorageClass.Real:
                return JulianDay.TryToDateTime(BitConverter.Int64BitsToDouble(_bits), out value);
            default:
                value = default;
                return false;
        }
    }

    /// <summary>A date, time and offset: ISO-8601 TEXT keeps its offset (none is offset zero); a number is read as by
    /// <see cref="TryGetDateTime"/> with offset zero.</summary>
    /// <param name="value">The value.</param>
    /// <returns>Whether the value is one.</returns>
    public bool TryGetDateTimeOffset(out DateTimeOffset value)
    {
        if (StorageClass == SqlStorageClass.Text)
        {
            Span<char> buffer = IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
            return IsoDateTimeText.TryParse(GetTextChars(buffer), out value);
        }

        if (TryGetDateTime(out DateTime dateTime))
        {
            value = new DateTimeOffset(dateTime.Ticks, TimeSpan.Zero);
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>A date: the date part of anything <see cref="TryGetDateTime"/> reads (a zone converted to UTC first,
    /// as SQLite's <c>date()</c> does).</summary>
    /// <param name="value">The date.</param>
    /// <returns>Whether the value is one.</returns>
    public bool TryGetDateOnly(out DateOnly value)
    {
        if (TryGetDateTime(out DateTime dateTime))
        {
            value = DateOnly.FromDateTime(dateTime);
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>A time of day: TEXT <c>HH:MM[:SS[.fraction]]</c> alone or the time part of an ISO-8601 date and time;
    /// a number from 0 up to 1 as a fraction of a day (how a TimeOnly binds as REAL), a larger one as a Julian day.</summary>
    /// <param name="value">The time.</param>
    /// <returns>Whether the value is one.</returns>
    public bool TryGetTimeOnly(out TimeOnly value)
    {
        if (StorageClass == SqlStorageClass.Text)
        {
            Span<char> buffer = IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
            if (IsoDateTimeText.TryParseTime(GetTextChars(buffer), out value))
            {
                return true;
            }
        }

        if (IsNumeric)
        {
            double days = AsDouble();
            if (days >= 0 && days < 1)
            {
                // Rounded to the tick and kept below midnight.
                value = new TimeOnly(Math.Min((long)Math.Round(days * TimeSpan.TicksPerDay), TimeSpan.TicksPerDay - 1));
                return true;
            }
        }

        if (TryGetDateTime(out DateTime dateTime))
        {
            value = TimeOnly.FromDateTime(dateTime);
            return true;
        }

        value = default;
        return false;
    }

    /// <summary>A duration: the sortable TEXT <see cref="TimeSpanText"/> writes or .NET's <c>"c"</c> form; a number as
    /// days (Microsoft.Data.Sqlite's REAL form).</summary>
    /// <param name="value">The duration.</param>
    /// <returns>Whether the value is one and in range.</returns>
    public bool TryGetTimeSpan(out TimeSpan value)
    {
        switch (StorageClass)
        {
            case SqlStorageClass.Text:
                Span<char> buffer = IsPackedText ? stackalloc char[PackedText.MaxLength] : default;
                return TimeSpanText.TryParse(GetTextChars(buffer), out value);
            case SqlStorageClass.Integer or SqlStorageClass.Real:
                double ticks = Math.Round(AsDouble() * TimeSpan.TicksPerDay);
                // TimeSpan.FromDays throws outside the range; test first (NaN is never stored).
                if (ticks >= TimeSpan.MinValue.Ticks && ticks < TimeSpan.MaxValue.Ticks)
                {
                    value = new TimeSpan((long)ticks);
                    return true;
                }

                break;
        }

        value = default;
        return false;
    }
}
