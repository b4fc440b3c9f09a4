using System.Collections;
using System.Globalization;
using System.Reflection;
using System.Text;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Differential;

/// <summary>
/// Turns a materialized result (scalars, anonymous objects, entities with loaded navigations, groupings, lists) into
/// canonical text, so two providers' results compare as strings. Decimals compare by value (trailing zeros and the
/// 28th digit of a division dropped), doubles to 12 significant digits (SQLite and we may sum in another order);
/// collections inside a row (Include, grouping elements) are sorted, since SQL gives them no order.
/// </summary>
internal static class ResultFormatter
{
    private const int MaxDepth = 3;

    public static List<string> Rows(object? result, bool ordered)
    {
        var rows = new List<string>();
        if (result is IEnumerable sequence and not string)
        {
            foreach (var item in sequence)
            {
                rows.Add(Format(item, 0, []));
            }

            if (!ordered)
            {
                rows.Sort(StringComparer.Ordinal);
            }
        }
        else
        {
            rows.Add(Format(result, 0, []));
        }

        return rows;
    }

    private static string Format(object? value, int depth, HashSet<object> path)
    {
        switch (value)
        {
            case null:
                return "null";
            case string s:
                return "\"" + s + "\"";
            case decimal d:
                return decimal.Round(d, 20).ToString("0.############################", CultureInfo.InvariantCulture) + "m";
            case double x:
                return x.ToString("G12", CultureInfo.InvariantCulture);
            case float f:
                return ((double)f).ToString("G6", CultureInfo.InvariantCulture);
            case DateTime t:
                return t.ToString("yyyy-MM-dd HH:mm:ss.fffffff", CultureInfo.InvariantCulture) + "/" + t.Kind;
            case DateTimeOffset o:
                return o.ToString("O", CultureInfo.InvariantCulture);
            case IFormattable f when value.GetType().IsPrimitive || value is Enum or Guid or TimeSpan or DateOnly or TimeOnly:
                return f.ToString(null, CultureInfo.InvariantCulture) + ":" + value.GetType().Name;
            case bool b:
                return b ? "true" : "false";
            case byte[] bytes:
                return Convert.ToHexString(bytes);
        }

        if (depth >= MaxDepth || !path.Add(value))
        {
            return "…";
        }

        try
        {
            if (value is IEnumerable sequence)
            {
                var items = new List<string>();
                foreach (var item in sequence)
                {
                    items.Add(Format(item, depth + 1, path));
                }

                items.Sort(StringComparer.Ordinal);
                var key = value.GetType().GetProperty("Key") is { } keyProperty ? "key=" + Format(keyProperty.GetValue(value), depth + 1, path) + " " : "";
                return key + "[" + string.Join(", ", items) + "]";
            }

            var text = new StringBuilder("{");
            foreach (var property in value.GetType().GetProperties(BindingFlags.Public | BindingFlags.Instance).OrderBy(p => p.Name, StringComparer.Ordinal))
            {
                if (property.GetIndexParameters().Length > 0)
                {
                    continue;
                }

                var propertyValue = property.GetValue(value);
                // Unloaded navigations are empty lists or null on both sides; skip empty lists to keep rows short.
                if (propertyValue is ICollection { Count: 0 })
                {
                    continue;
                }

                text.Append(property.Name).Append('=').Append(Format(propertyValue, depth + 1, path)).Append(' ');
            }

            return text.Append('}').ToString();
        }
        finally
        {
            path.Remove(value);
        }
    }
}
