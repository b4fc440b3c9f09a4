namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// Parses sqllogictest scripts: records separated by blank lines; lines starting with <c>#</c> are comments
/// (dropped, and not separators); CRLF and LF both end lines.
/// </summary>
internal static class ScriptParser
{
    /// <summary>The line that separates a query's SQL from its expected output.</summary>
    public const string ResultSeparator = "----";

    /// <summary>Parses a whole script.</summary>
    /// <param name="text">The script text.</param>
    /// <returns>The records in file order.</returns>
    public static List<ScriptRecord> Parse(string text)
    {
        ArgumentNullException.ThrowIfNull(text);
        string[] lines = text.Split('\n');
        var records = new List<ScriptRecord>();
        var block = new List<(int Line, string Text)>();
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].EndsWith('\r') ? lines[i][..^1] : lines[i];
            if (string.IsNullOrWhiteSpace(line))
            {
                Flush(block, records);
                continue;
            }

            if (line.StartsWith('#'))
            {
                continue;
            }

            block.Add((i + 1, line));
        }

        Flush(block, records);
        return records;
    }

    private static void Flush(List<(int Line, string Text)> block, List<ScriptRecord> records)
    {
        if (block.Count > 0)
        {
            records.Add(ParseRecord(block));
            block.Clear();
        }
    }

    private static ScriptRecord ParseRecord(List<(int Line, string Text)> block)
    {
        int firstLine = block[0].Line;
        var conditions = new List<Condition>();
        int head = 0;
        string[] tokens = Tokenize(block[head].Text);
        while (tokens.Length >= 2 && tokens[0] is "skipif" or "onlyif")
        {
            conditions.Add(new Condition(tokens[0] == "onlyif", tokens[1]));
            if (++head == block.Count)
            {
                return new ControlRecord(firstLine, conditions, ControlKind.Unknown, Text: block[head - 1].Text);
            }

            tokens = Tokenize(block[head].Text);
        }

        switch (tokens[0])
        {
            case "statement" when tokens.Length >= 2 && tokens[1] is "ok" or "error":
                return new StatementRecord(firstLine, conditions, tokens[1] == "error", JoinLines(block, head + 1, block.Count));
            case "query" when tokens.Length >= 2:
                return ParseQuery(block, head, tokens, firstLine, conditions);
            case "hash-threshold" when tokens.Length >= 2 && int.TryParse(tokens[1], out int threshold) && threshold >= 0:
                return new ControlRecord(firstLine, conditions, ControlKind.HashThreshold, HashThreshold: threshold);
            case "halt":
                return new ControlRecord(firstLine, conditions, ControlKind.Halt);
            default:
                return new ControlRecord(firstLine, conditions, ControlKind.Unknown, Text: block[head].Text);
        }
    }

    private static ScriptRecord ParseQuery(List<(int Line, string Text)> block, int head, string[] tokens, int firstLine, List<Condition> conditions)
    {
        SortMode sort = SortMode.NoSort;
        string? label = null;
        if (tokens.Length >= 3)
        {
            switch (tokens[2])
            {
                case "nosort":
                    break;
                case "rowsort":
                    sort = SortMode.RowSort;
                    break;
                case "valuesort":
                    sort = SortMode.ValueSort;
                    break;
                default:
                    return new ControlRecord(firstLine, conditions, ControlKind.Unknown, Text: block[head].Text);
            }
        }

        if (tokens.Length >= 4)
        {
            label = tokens[3];
        }

        int separator = head + 1;
        while (separator < block.Count && block[separator].Text != ResultSeparator)
        {
            separator++;
        }

        var expected = new List<string>();
        for (int i = separator + 1; i < block.Count; i++)
        {
            expected.Add(block[i].Text);
        }

        return new QueryRecord(firstLine, conditions, tokens[1], sort, label, JoinLines(block, head + 1, separator), expected);
    }

    private static string JoinLines(List<(int Line, string Text)> block, int start, int end)
    {
        var lines = new string[Math.Max(end - start, 0)];
        for (int i = start; i < end; i++)
        {
            lines[i - start] = block[i].Text;
        }

        return string.Join('\n', lines);
    }

    private static string[] Tokenize(string line) =>
        line.Split([' ', '\t'], StringSplitOptions.RemoveEmptyEntries);
}
