namespace SharpCoreDB.Shell.Input;

/// <summary>Where the shell's input lines come from: a terminal line editor, a pipe or a script file.</summary>
internal interface ILineSource
{
    /// <summary>Reads the next line.</summary>
    /// <param name="continuation">True when the line continues an unfinished statement (a terminal shows another prompt).</param>
    /// <returns>The line without its line break, or null at the end of the input.</returns>
    string? ReadLine(bool continuation);
}
