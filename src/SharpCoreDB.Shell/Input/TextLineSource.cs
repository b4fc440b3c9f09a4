namespace SharpCoreDB.Shell.Input;

/// <summary>Lines from a reader (a pipe, a file, a <c>-c</c> argument): no prompts, no history.</summary>
/// <param name="reader">The input.</param>
internal sealed class TextLineSource(TextReader reader) : ILineSource
{
    /// <inheritdoc />
    public string? ReadLine(bool continuation) => reader.ReadLine();
}
