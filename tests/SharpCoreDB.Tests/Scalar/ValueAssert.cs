using System.Globalization;
using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Tests.Scalar;

/// <summary>Exact comparison of SQL values (storage class and value, REAL by bits) and readable rendering.</summary>
internal static class ValueAssert
{
    public static bool Same(SqlValue expected, SqlValue actual)
    {
        if (expected.StorageClass != actual.StorageClass)
        {
            return false;
        }

        return expected.StorageClass switch
        {
            SqlStorageClass.Null => true,
            SqlStorageClass.Integer => expected.AsInt64() == actual.AsInt64(),
            SqlStorageClass.Real => BitConverter.DoubleToInt64Bits(expected.AsDouble()) == BitConverter.DoubleToInt64Bits(actual.AsDouble()),
            SqlStorageClass.Text => string.Equals(expected.AsText(), actual.AsText(), StringComparison.Ordinal),
            _ => expected.AsBlob().AsSpan().SequenceEqual(actual.AsBlob()),
        };
    }

    public static string Show(SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Real => value.AsDouble().ToString("R", CultureInfo.InvariantCulture) + "r",
        SqlStorageClass.Text => "'" + Escape(value.AsText()) + "'",
        _ => value.ToString(),
    };

    public static string ShowAll(IEnumerable<SqlValue> values) => string.Join(", ", values.Select(Show));

    private static string Escape(string text)
    {
        var builder = new StringBuilder();
        foreach (char c in text)
        {
            if (c < 0x20 || c > 0x7E)
            {
                builder.Append(CultureInfo.InvariantCulture, $"\\u{(int)c:X4}");
            }
            else
            {
                builder.Append(c);
            }
        }

        return builder.ToString();
    }
}
