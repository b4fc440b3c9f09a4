namespace SharpCoreDB.Shell.Output;

/// <summary>How query results are printed (<c>.mode</c>, <c>--mode</c>).</summary>
internal enum OutputMode
{
    /// <summary>A boxed, aligned table (Spectre.Console).</summary>
    Table,

    /// <summary>RFC 4180 comma-separated values, CRLF line ends.</summary>
    Csv,

    /// <summary>A JSON array of objects with typed values.</summary>
    Json,

    /// <summary>One <c>column = value</c> line per column, a blank line between rows.</summary>
    Line,

    /// <summary>A Markdown (GitHub) table.</summary>
    Markdown,
}
