using System.Globalization;

namespace SharpCoreDB.Metadata;

/// <summary>The precision and scale written in a declared <c>DECIMAL(p, s)</c> or <c>NUMERIC(p[, s])</c> type.</summary>
internal static class DeclaredPrecision
{
    /// <summary>Reads the arguments of a declared decimal type.</summary>
    /// <param name="declared">The declared type text.</param>
    /// <returns>(p, s), s being 0 when omitted; null for other types or a declaration without numeric arguments.</returns>
    public static (short Precision, short Scale)? Of(string declared)
    {
        int open = declared.IndexOf('(', StringComparison.Ordinal);
        int close = declared.LastIndexOf(')');
        if (open < 0 || close < open)
        {
            return null;
        }

        ReadOnlySpan<char> name = declared.AsSpan(0, open).Trim();
        if (!name.Equals("DECIMAL", StringComparison.OrdinalIgnoreCase) && !name.Equals("NUMERIC", StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        ReadOnlySpan<char> arguments = declared.AsSpan(open + 1, close - open - 1);
        int comma = arguments.IndexOf(',');
        ReadOnlySpan<char> first = comma < 0 ? arguments : arguments[..comma];
        ReadOnlySpan<char> second = comma < 0 ? "0" : arguments[(comma + 1)..];
        return short.TryParse(first.Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out short precision)
            && short.TryParse(second.Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out short scale)
            ? (precision, scale)
            : null;
    }
}
