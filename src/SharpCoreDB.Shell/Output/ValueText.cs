using System.Data.Common;
using System.Globalization;

namespace SharpCoreDB.Shell.Output;

/// <summary>How one result value prints in the text modes.</summary>
internal static class ValueText
{
    /// <summary>
    /// The value as text: numbers and text as SQLite renders them (<see cref="DbDataReader.GetString"/>), a GUID in
    /// its usual form, any other BLOB as an <c>X'…'</c> hex literal (raw bytes would garble the terminal).
    /// </summary>
    /// <param name="reader">The reader, on a row.</param>
    /// <param name="ordinal">The column.</param>
    /// <param name="nullValue">What NULL prints as.</param>
    /// <returns>The text.</returns>
    public static string Format(DbDataReader reader, int ordinal, string nullValue)
    {
        if (reader.IsDBNull(ordinal))
        {
            return nullValue;
        }

        return reader.GetValue(ordinal) switch
        {
            byte[] blob => "X'" + Convert.ToHexString(blob) + "'",
            Guid guid => guid.ToString("D", CultureInfo.InvariantCulture),
            _ => reader.GetString(ordinal),
        };
    }

    /// <summary>True when the value is a number (so a table can right-align its column).</summary>
    /// <param name="reader">The reader, on a row.</param>
    /// <param name="ordinal">The column.</param>
    /// <returns>Whether the value is numeric.</returns>
    public static bool IsNumber(DbDataReader reader, int ordinal) =>
        !reader.IsDBNull(ordinal) && reader.GetValue(ordinal) is long or double or decimal;
}
