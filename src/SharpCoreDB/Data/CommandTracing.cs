using System.Diagnostics;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB;

/// <summary>
/// The span of one command, after OpenTelemetry's database client conventions: kind Client, named
/// "{db.operation.name} {db.namespace}", with db.system.name, db.namespace (the data source), db.operation.name (the
/// statement's first keyword; BATCH with db.operation.batch.size for several statements), db.query.text when
/// <see cref="SharpCoreDBDiagnostics.IncludeQueryText"/> is on, and on failure status Error with error.type and
/// db.response.status_code (the <see cref="SharpCoreDBErrorCode"/> name and number).
/// </summary>
internal static class CommandTracing
{
    /// <summary>The db.system.name value: not one of the conventions' well-known names, so the product's own.</summary>
    internal const string SystemName = "sharpcoredb";

    private static readonly ActivitySource s_source = new(SharpCoreDBDiagnostics.ActivitySourceName, typeof(CommandTracing).Assembly.GetName().Version?.ToString());

    /// <summary>Starts the span of a command, or returns null at the cost of one check when nobody listens.</summary>
    /// <param name="commandText">The SQL text.</param>
    /// <param name="dataSource">The connection's data source.</param>
    /// <returns>The started activity, or null.</returns>
    public static Activity? Start(string commandText, string dataSource)
    {
        if (!s_source.HasListeners())
        {
            return null;
        }

        string operation = OperationName(commandText);

        // The span outlives this call (a reader ends it when it closes), so it must not stay Activity.Current for
        // the caller's code in between: whatever the caller starts next is the caller's, not the command's.
        Activity? previous = Activity.Current;
        Activity? activity = s_source.StartActivity(operation + " " + dataSource, ActivityKind.Client);
        Activity.Current = previous;
        if (activity is null)
        {
            return null;
        }

        if (activity.IsAllDataRequested)
        {
            activity.SetTag("db.system.name", SystemName);
            activity.SetTag("db.namespace", dataSource);
            activity.SetTag("db.operation.name", operation);
            if (SharpCoreDBDiagnostics.IncludeQueryText)
            {
                activity.SetTag("db.query.text", commandText);
            }
        }

        return activity;
    }

    /// <summary>Marks a span failed with the error's code; always false, so it can sit in an exception filter.</summary>
    /// <param name="activity">The span, or null.</param>
    /// <param name="error">The error.</param>
    /// <returns>False.</returns>
    public static bool Failed(Activity? activity, Exception error)
    {
        if (activity is null || activity.Status == ActivityStatusCode.Error)
        {
            return false;
        }

        if (error is SharpCoreDBException engineError)
        {
            activity.SetStatus(ActivityStatusCode.Error, engineError.Message);
            activity.SetTag("error.type", engineError.ErrorCode.ToString());
            activity.SetTag("db.response.status_code", ((int)engineError.ErrorCode).ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
        else
        {
            activity.SetStatus(ActivityStatusCode.Error, error.Message);
            activity.SetTag("error.type", error.GetType().FullName);
        }

        return false;
    }

    /// <summary>
    /// Once the text is parsed: a text of several statements is a batch (db.operation.name BATCH, with
    /// db.operation.batch.size), as the conventions name it.
    /// </summary>
    /// <param name="activity">The span, or null.</param>
    /// <param name="statements">How many statements the text holds.</param>
    /// <param name="dataSource">The connection's data source.</param>
    public static void Parsed(Activity? activity, int statements, string dataSource)
    {
        if (activity is null || statements < 2)
        {
            return;
        }

        activity.DisplayName = "BATCH " + dataSource;
        activity.SetTag("db.operation.name", "BATCH");
        activity.SetTag("db.operation.batch.size", statements);
    }

    // The first word of the text when it is a keyword (EXPLAIN, WITH and the like included), else "sql". Read
    // without the lexer, which throws on bad input: telemetry must never be what fails a command. Keyword texts are
    // interned, so nothing is allocated.
    private static string OperationName(string commandText)
    {
        ReadOnlySpan<char> text = commandText.AsSpan().TrimStart();
        int length = 0;
        while (length < text.Length && char.IsAsciiLetter(text[length]))
        {
            length++;
        }

        Keyword keyword = Keywords.Lookup(text[..length]);
        return keyword == Keyword.None ? "sql" : Keywords.GetText(keyword);
    }
}
