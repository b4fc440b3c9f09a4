using System.Text;

namespace SharpCoreDB.Shell.Input;

/// <summary>
/// Collects lines of SQL and hands out the statements that are complete, deciding completeness the way SQLite's
/// <c>sqlite3_complete</c> does: a statement ends at a semicolon outside quotes, brackets and comments, except inside
/// <c>CREATE [TEMP] TRIGGER</c>, whose body ends only at <c>END;</c>.
/// </summary>
internal sealed class StatementBuffer
{
    private readonly StringBuilder _text = new();

    // The input line number of _text's first character, so an error can say where its statement began.
    private int _firstLine = 1;
    private int _nextLine = 1;

    /// <summary>True when nothing but whitespace and comments is waiting.</summary>
    public bool IsBlank => !HasToken(_text.ToString());

    /// <summary>Adds one input line (without its line break).</summary>
    /// <param name="line">The line.</param>
    public void AppendLine(string line)
    {
        if (_text.Length == 0)
        {
            _firstLine = _nextLine;
        }

        _text.Append(line).Append('\n');
        _nextLine++;
    }

    /// <summary>Skips a line that was consumed elsewhere (a dot command), so line numbers stay right.</summary>
    public void SkipLine() => _nextLine++;

    /// <summary>Removes and returns every complete statement; an incomplete tail stays for the next lines.</summary>
    /// <param name="into">Receives the statements in order.</param>
    public void TakeComplete(List<PendingStatement> into)
    {
        string text = _text.ToString();
        int consumed = Scan(text, into, _firstLine);
        if (consumed > 0)
        {
            _firstLine += CountLines(text, 0, consumed);
            _text.Remove(0, consumed);
            if (!HasToken(_text.ToString()))
            {
                _text.Clear();
            }
        }
    }

    /// <summary>Removes and returns what is left at the end of the input (a statement without its semicolon), if any.</summary>
    /// <returns>The statement, or null when only whitespace and comments remain.</returns>
    public PendingStatement? TakeRest()
    {
        string text = _text.ToString();
        _text.Clear();
        int first = FirstToken(text);
        return first < 0 ? null : new PendingStatement(text.Trim(), _firstLine + CountLines(text, 0, first));
    }

    /// <summary>Drops whatever is waiting (after an error that ends the statement being typed).</summary>
    public void Clear() => _text.Clear();

    // Returns how many characters of text the complete statements (and the whitespace before them) take.
    private static int Scan(string text, List<PendingStatement> into, int firstLine)
    {
        var state = new ScanState();
        int start = 0;
        int firstToken = -1;
        int i = 0;
        while (i < text.Length)
        {
            char c = text[i];
            if (char.IsWhiteSpace(c))
            {
                i++;
                continue;
            }

            if (c == '-' && i + 1 < text.Length && text[i + 1] == '-')
            {
                int end = text.IndexOf('\n', i);
                i = end < 0 ? text.Length : end + 1;
                continue;
            }

            if (c == '/' && i + 1 < text.Length && text[i + 1] == '*')
            {
                int end = text.IndexOf("*/", i + 2, StringComparison.Ordinal);
                if (end < 0)
                {
                    return start;
                }

                i = end + 2;
                continue;
            }

            if (firstToken < 0)
            {
                firstToken = i;
            }

            if (c == ';')
            {
                if (state.EndsStatementAtSemicolon)
                {
                    into.Add(new PendingStatement(text[firstToken..(i + 1)], firstLine + CountLines(text, 0, firstToken)));
                    start = i + 1;
                    firstToken = -1;
                    state = new ScanState();
                }
                else
                {
                    state.Punctuation();
                }

                i++;
                continue;
            }

            if (c is '\'' or '"' or '`' or '[')
            {
                int end = SkipQuoted(text, i, c == '[' ? ']' : c);
                if (end < 0)
                {
                    return start;
                }

                state.Punctuation();
                i = end;
                continue;
            }

            if (IsWordChar(c))
            {
                int end = i + 1;
                while (end < text.Length && IsWordChar(text[end]))
                {
                    end++;
                }

                state.Word(text.AsSpan(i, end - i));
                i = end;
                continue;
            }

            state.Punctuation();
            i++;
        }

        return start;
    }

    // Returns the index just past the closing quote, or -1 when the quote is not closed yet.
    private static int SkipQuoted(string text, int open, char close)
    {
        int i = open + 1;
        while (i < text.Length)
        {
            if (text[i] == close)
            {
                // A doubled quote is an escaped quote inside the literal; brackets have no escape.
                if (close != ']' && i + 1 < text.Length && text[i + 1] == close)
                {
                    i += 2;
                    continue;
                }

                return i + 1;
            }

            i++;
        }

        return -1;
    }

    private static bool IsWordChar(char c) => char.IsLetterOrDigit(c) || c is '_' or '$' || c >= 0x80;

    private static bool HasToken(string text) => FirstToken(text) >= 0;

    // The index of the first character that is neither whitespace nor inside a comment, or -1.
    private static int FirstToken(string text)
    {
        int i = 0;
        while (i < text.Length)
        {
            char c = text[i];
            if (char.IsWhiteSpace(c))
            {
                i++;
            }
            else if (c == '-' && i + 1 < text.Length && text[i + 1] == '-')
            {
                int end = text.IndexOf('\n', i);
                i = end < 0 ? text.Length : end + 1;
            }
            else if (c == '/' && i + 1 < text.Length && text[i + 1] == '*')
            {
                int end = text.IndexOf("*/", i + 2, StringComparison.Ordinal);
                if (end < 0)
                {
                    return i;
                }

                i = end + 2;
            }
            else
            {
                return i;
            }
        }

        return -1;
    }

    private static int CountLines(string text, int from, int to)
    {
        int lines = 0;
        for (int i = from; i < to; i++)
        {
            if (text[i] == '\n')
            {
                lines++;
            }
        }

        return lines;
    }

    /// <summary>Where the scan is in the statement's leading keywords, to recognise a trigger body.</summary>
    private struct ScanState
    {
        private Phase _phase;
        private bool _inTrigger;
        private bool _lastWasEnd;

        private enum Phase
        {
            Start,
            Create,
            Other,
        }

        public readonly bool EndsStatementAtSemicolon => !_inTrigger || _lastWasEnd;

        public void Word(ReadOnlySpan<char> word)
        {
            _lastWasEnd = word.Equals("END", StringComparison.OrdinalIgnoreCase);
            switch (_phase)
            {
                case Phase.Start:
                    if (word.Equals("CREATE", StringComparison.OrdinalIgnoreCase))
                    {
                        _phase = Phase.Create;
                    }
                    else if (!(word.Equals("EXPLAIN", StringComparison.OrdinalIgnoreCase)
                        || word.Equals("QUERY", StringComparison.OrdinalIgnoreCase)
                        || word.Equals("PLAN", StringComparison.OrdinalIgnoreCase)))
                    {
                        _phase = Phase.Other;
                    }

                    break;
                case Phase.Create:
                    if (word.Equals("TRIGGER", StringComparison.OrdinalIgnoreCase))
                    {
                        _inTrigger = true;
                        _phase = Phase.Other;
                    }
                    else if (!(word.Equals("TEMP", StringComparison.OrdinalIgnoreCase)
                        || word.Equals("TEMPORARY", StringComparison.OrdinalIgnoreCase)))
                    {
                        _phase = Phase.Other;
                    }

                    break;
            }
        }

        public void Punctuation()
        {
            _lastWasEnd = false;
            _phase = Phase.Other;
        }
    }
}
