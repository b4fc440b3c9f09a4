using System.Text.Json;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <content>
/// What the table-valued json_each and json_tree share with the scalar JSON functions: the same parser (and so the
/// same "malformed JSON"), the same paths (and "bad JSON path"), and the same mapping of JSON values to SQL values.
/// </content>
internal static partial class ScalarFunctions
{
    /// <summary>Parses a JSON argument as the scalar functions do.</summary>
    /// <param name="value">The argument (not NULL).</param>
    /// <returns>The document, which the caller disposes.</returns>
    /// <exception cref="SharpCoreDBException">"malformed JSON" for a BLOB or text that is not JSON.</exception>
    internal static JsonDocument ParseJsonArgument(in SqlValue value) => Parse(value);

    /// <summary>The steps of an SQLite JSON path.</summary>
    /// <param name="path">The path text.</param>
    /// <returns>The keys and indexes, in order.</returns>
    /// <exception cref="SharpCoreDBException">"bad JSON path: '…'" for a malformed path.</exception>
    internal static List<(string? Key, long Index, bool FromEnd)> JsonPathSteps(string path) => PathSteps(path);

    /// <summary>The SQL value of a JSON null, boolean, number or string, as json_extract returns it.</summary>
    /// <param name="element">An element that is not an array or object.</param>
    /// <returns>The value.</returns>
    internal static SqlValue JsonAtom(JsonElement element) => ToSql(element);

    /// <summary>True when a JSON number is written as an integer (its json_type is 'integer').</summary>
    /// <param name="element">A number element.</param>
    /// <returns>Whether it has no fraction or exponent.</returns>
    internal static bool IsJsonInteger(JsonElement element) =>
        System.Runtime.InteropServices.JsonMarshal.GetRawUtf8Value(element).IndexOfAny((byte)'.', (byte)'e', (byte)'E') < 0;
}
