using SharpCoreDB.Records;

namespace SharpCoreDB.Catalog;

/// <summary>
/// The six column types of a STRICT table and what each stores, as in SQLite: INT and INTEGER store integers, REAL
/// reals, TEXT text, BLOB blobs, and ANY any value exactly as given (no affinity, unlike ANY in an ordinary table).
/// </summary>
internal static class StrictTypes
{
    /// <summary>True when <paramref name="typeText"/> is one of the strict types (ASCII case-insensitive).</summary>
    /// <param name="typeText">The declared type as written.</param>
    /// <returns>Whether a STRICT table accepts it.</returns>
    public static bool IsAllowed(string typeText) =>
        Is(typeText, "INT") || Is(typeText, "INTEGER") || Is(typeText, "REAL") || Is(typeText, "TEXT") || Is(typeText, "BLOB") || Is(typeText, "ANY");

    /// <summary>The affinity a strict column applies and the storage class it then requires (NULL for ANY).</summary>
    /// <param name="typeText">One of the strict types.</param>
    /// <returns>Affinity and required class.</returns>
    public static (Affinity Affinity, SqlStorageClass Class) Of(string typeText)
    {
        if (Is(typeText, "INT") || Is(typeText, "INTEGER"))
        {
            return (Affinity.Integer, SqlStorageClass.Integer);
        }

        if (Is(typeText, "REAL"))
        {
            return (Affinity.Real, SqlStorageClass.Real);
        }

        if (Is(typeText, "TEXT"))
        {
            return (Affinity.Text, SqlStorageClass.Text);
        }

        return Is(typeText, "BLOB") ? (Affinity.Blob, SqlStorageClass.Blob) : (Affinity.None, SqlStorageClass.Null);
    }

    /// <summary>True when a value (after the column's affinity) may be stored in a column requiring <paramref name="required"/>.</summary>
    /// <param name="value">The value.</param>
    /// <param name="required">The column's <see cref="ColumnSchema.StrictClass"/>.</param>
    /// <returns>Whether it fits.</returns>
    public static bool Fits(in SqlValue value, SqlStorageClass required) =>
        required == SqlStorageClass.Null || value.IsNull || value.StorageClass == required;

    /// <summary>SQLite's name of a value's type in the strict-type error: INT, REAL, TEXT or BLOB.</summary>
    /// <param name="value">A non-NULL value.</param>
    /// <returns>The name.</returns>
    public static string ValueTypeName(in SqlValue value) => value.StorageClass switch
    {
        SqlStorageClass.Integer => "INT",
        SqlStorageClass.Real or SqlStorageClass.Decimal => "REAL",
        SqlStorageClass.Text => "TEXT",
        _ => "BLOB",
    };

    /// <summary>SQLite's name of a strict column's type in messages: INT, INTEGER, REAL, TEXT, BLOB or ANY.</summary>
    /// <param name="typeText">The declared type as written (any letter case).</param>
    /// <returns>The canonical name.</returns>
    public static string CanonicalName(string typeText) =>
        Is(typeText, "INT") ? "INT"
        : Is(typeText, "INTEGER") ? "INTEGER"
        : Is(typeText, "REAL") ? "REAL"
        : Is(typeText, "TEXT") ? "TEXT"
        : Is(typeText, "BLOB") ? "BLOB"
        : "ANY";

    private static bool Is(string text, string name) => string.Equals(text, name, StringComparison.OrdinalIgnoreCase);
}
