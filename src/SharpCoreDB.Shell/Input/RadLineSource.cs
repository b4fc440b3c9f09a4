using RadLine;
using Spectre.Console;

namespace SharpCoreDB.Shell.Input;

/// <summary>
/// Lines typed at a terminal, edited with RadLine (cursor keys, word moves, history with up/down) and kept in the
/// history file. Each physical line is one edit so a statement can span lines the way it does in SQLite's shell.
/// </summary>
internal sealed class RadLineSource : ILineSource
{
    private readonly LineEditor _editor;
    private readonly SwitchingPrompt _prompt;
    private readonly HistoryFile? _history;

    /// <summary>Creates the editor and loads earlier sessions' history.</summary>
    /// <param name="console">The terminal.</param>
    /// <param name="history">Where history is kept, or null to keep none.</param>
    public RadLineSource(IAnsiConsole console, HistoryFile? history)
    {
        _prompt = new SwitchingPrompt();
        _editor = new LineEditor(console) { Prompt = _prompt, MultiLine = false };

        // Every edit is one line, so Up and Down have no lines to move between: they walk the history, as in readline
        // (RadLine's defaults put history on Ctrl+Up/Down, which stay bound too).
        _editor.KeyBindings.Remove(ConsoleKey.UpArrow);
        _editor.KeyBindings.Remove(ConsoleKey.DownArrow);
        _editor.KeyBindings.Add<PreviousHistoryCommand>(ConsoleKey.UpArrow);
        _editor.KeyBindings.Add<NextHistoryCommand>(ConsoleKey.DownArrow);
        _history = history;
        if (history is not null)
        {
            foreach (string entry in history.Load())
            {
                _editor.History.Add(entry);
            }
        }
    }

    /// <inheritdoc />
    public string? ReadLine(bool continuation)
    {
        _prompt.Continuation = continuation;

        // RadLine's API is asynchronous; the shell reads one line at a time, so waiting here is the whole point.
        string? line = _editor.ReadLine(CancellationToken.None).GetAwaiter().GetResult();
        if (line is not null && line.Trim().Length > 0)
        {
            _history?.Append(line);
        }

        return line;
    }

    /// <summary>The main prompt, or the continuation prompt while a statement is unfinished.</summary>
    private sealed class SwitchingPrompt : ILineEditorPrompt
    {
        private static readonly Markup s_main = new("[green]sharpcoredb>[/]");
        private static readonly Markup s_more = new("[grey]       ...>[/]");

        public bool Continuation { get; set; }

        public (Markup Markup, int Margin) GetPrompt(ILineEditorState state, int line) =>
            (Continuation ? s_more : s_main, 1);
    }
}
