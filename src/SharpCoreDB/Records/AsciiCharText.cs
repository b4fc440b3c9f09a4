namespace SharpCoreDB.Records;

/// <summary>
/// The strings of the 128 one-character ASCII texts, made once: a <see cref="char"/> parameter and a one-byte TEXT
/// read from a record share them, so binding and reading a char (a flag, a grade, a code) allocates no string.
/// Strings are immutable, so sharing one is invisible to SQL and to the application.
/// </summary>
internal static class AsciiCharText
{
    private static readonly string[] s_texts = Create();

    /// <summary>The shared string of an ASCII character.</summary>
    /// <param name="value">A character below U+0080.</param>
    /// <returns>The one-character string.</returns>
    public static string Of(int value) => s_texts[value];

    private static string[] Create()
    {
        var texts = new string[128];
        for (int i = 0; i < texts.Length; i++)
        {
            texts[i] = ((char)i).ToString();
        }

        return texts;
    }
}
