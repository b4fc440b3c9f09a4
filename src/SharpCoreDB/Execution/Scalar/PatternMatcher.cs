using System.Text;
using SharpCoreDB.Records;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// LIKE and GLOB as SQLite matches them. LIKE: <c>%</c> any run, <c>_</c> one character, ASCII letters match
/// either case (other characters only exactly), an optional ESCAPE character. GLOB: <c>*</c>, <c>?</c>,
/// <c>[...]</c> and <c>[^...]</c> sets with ranges, case-sensitive. Characters are code points (a surrogate pair
/// is one). Matching stops at a NUL character, as SQLite's C strings do. A BLOB operand never matches (the
/// reference SQLite build defines SQLITE_LIKE_DOESNT_MATCH_BLOBS).
/// </summary>
/// <remarks>
/// Every pattern element other than a star matches exactly one character, so a single backtracking point (the last
/// star) decides the match: linear in practice, no recursion and no allocation, where SQLite recurses per star.
/// </remarks>
internal static class PatternMatcher
{
    /// <summary>SQLite's default limit on the length of a LIKE or GLOB pattern, in UTF-8 bytes.</summary>
    public const int MaxPatternBytes = 50000;

    private const int NoEscape = -1;

    // About a millisecond of matching between two looks at the cancellation token.
    private const int CancellationCheckSteps = 1 << 20;

    /// <summary><c>text LIKE pattern [ESCAPE escape]</c> on SQL values: NULL if any operand is NULL.</summary>
    /// <param name="text">The value tested.</param>
    /// <param name="pattern">The pattern.</param>
    /// <param name="escape">The escape value, or null when there is no ESCAPE clause.</param>
    /// <param name="cancellationToken">Stops a long match (long text against a long pattern takes their product in steps).</param>
    /// <returns>INTEGER 1/0, or NULL.</returns>
    /// <exception cref="SharpCoreDBException">The escape is not a single character, or the pattern is too long; Cancelled.</exception>
    public static SqlValue Like(in SqlValue text, in SqlValue pattern, SqlValue? escape = null, CancellationToken cancellationToken = default)
    {
        if (text.StorageClass == SqlStorageClass.Blob || pattern.StorageClass == SqlStorageClass.Blob)
        {
            // The reference build is compiled with SQLITE_LIKE_DOESNT_MATCH_BLOBS: a BLOB never matches.
            return Logic.ToValue(false);
        }

        int escapeChar = NoEscape;
        if (escape is { } escapeValue)
        {
            if (escapeValue.IsNull)
            {
                return SqlValue.Null;
            }

            // SQLite reads the escape as a C string of UTF-8: up to a NUL, one character by its lead byte.
            byte[] bytes = TextConversion.ToBytes(escapeValue);
            int nul = Array.IndexOf(bytes, (byte)0);
            ReadOnlySpan<byte> escapeBytes = nul < 0 ? bytes : bytes.AsSpan(0, nul);
            if (escapeBytes.IsEmpty || ScalarFunctions.Utf8CharLength(escapeBytes, 0) != escapeBytes.Length)
            {
                throw ExecutionErrors.LikeEscapeNotOneCharacter();
            }

            escapeChar = (int)ScalarFunctions.ReadUtf8Like(escapeBytes);
        }

        if (text.IsNull || pattern.IsNull)
        {
            return SqlValue.Null;
        }

        string patternText = TextConversion.ToText(pattern);
        CheckLength(patternText);
        return Logic.ToValue(Match(CutAtNul(TextConversion.ToText(text)), CutAtNul(patternText), glob: false, escapeChar, cancellationToken));
    }

    /// <summary><c>text GLOB pattern</c> on SQL values: NULL if either operand is NULL.</summary>
    /// <param name="text">The value tested.</param>
    /// <param name="pattern">The pattern.</param>
    /// <param name="cancellationToken">Stops a long match.</param>
    /// <returns>INTEGER 1/0, or NULL.</returns>
    /// <exception cref="SharpCoreDBException">The pattern is too long; Cancelled.</exception>
    public static SqlValue Glob(in SqlValue text, in SqlValue pattern, CancellationToken cancellationToken = default)
    {
        if (text.StorageClass == SqlStorageClass.Blob || pattern.StorageClass == SqlStorageClass.Blob)
        {
            return Logic.ToValue(false);
        }

        if (text.IsNull || pattern.IsNull)
        {
            return SqlValue.Null;
        }

        string patternText = TextConversion.ToText(pattern);
        CheckLength(patternText);
        return Logic.ToValue(Match(CutAtNul(TextConversion.ToText(text)), CutAtNul(patternText), glob: true, NoEscape, cancellationToken));
    }

    /// <summary>Matches text against a LIKE pattern.</summary>
    /// <param name="text">The text.</param>
    /// <param name="pattern">The pattern.</param>
    /// <param name="escape">The escape code point, or −1 for none.</param>
    /// <returns>Whether the text matches.</returns>
    public static bool Like(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern, int escape = NoEscape) =>
        Match(CutAtNul(text), CutAtNul(pattern), glob: false, escape, default);

    /// <summary>Matches text against a GLOB pattern.</summary>
    /// <param name="text">The text.</param>
    /// <param name="pattern">The pattern.</param>
    /// <returns>Whether the text matches.</returns>
    public static bool Glob(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern) =>
        Match(CutAtNul(text), CutAtNul(pattern), glob: true, NoEscape, default);

    private static bool Match(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern, bool glob, int escape, CancellationToken cancellationToken)
    {
        int matchAll = glob ? '*' : '%';
        int matchOne = glob ? '?' : '_';

        // An escape equal to a wildcard turns that wildcard off (as in SQLite).
        if (escape == matchAll)
        {
            matchAll = NoEscape;
        }

        if (escape == matchOne)
        {
            matchOne = NoEscape;
        }

        int p = 0;
        int s = 0;
        int starPattern = -1;
        int starText = -1;
        int steps = 0;
        while (true)
        {
            // Retries after the last star make a match take up to text × pattern steps: check now and then.
            if (++steps == CancellationCheckSteps)
            {
                steps = 0;
                if (cancellationToken.IsCancellationRequested)
                {
                    throw ExecutionErrors.Cancelled();
                }
            }

            if (p < pattern.Length && Read(pattern, p, out int pc) == matchAll)
            {
                // Remember where the run of stars ends; the text position after it is where to retry from.
                p += Width(pc);
                starPattern = p;
                starText = s;
                continue;
            }

            if (s >= text.Length)
            {
                break;
            }

            int tc = Read(text, s, out _);
            if (p < pattern.Length && MatchOne(pattern, ref p, tc, glob, escape, matchOne, out int consumed))
            {
                p = consumed;
                s += Width(tc);
                continue;
            }

            if (starPattern < 0)
            {
                return false;
            }

            // Let the last star swallow one more character and retry.
            starText += Width(Read(text, starText, out _));
            s = starText;
            p = starPattern;
        }

        // The text is used up: only stars may remain.
        while (p < pattern.Length && Read(pattern, p, out int rest) == matchAll)
        {
            p += Width(rest);
        }

        return p == pattern.Length;
    }

    // Tries the pattern element at p against one text code point; on success, next is the pattern position after it.
    private static bool MatchOne(ReadOnlySpan<char> pattern, ref int p, int tc, bool glob, int escape, int matchOne, out int next)
    {
        int pc = Read(pattern, p, out _);
        next = p + Width(pc);
        if (glob && pc == '[')
        {
            return MatchSet(pattern, ref next, tc);
        }

        if (!glob && pc == escape)
        {
            if (next >= pattern.Length)
            {
                // An escape at the end of the pattern matches nothing.
                return false;
            }

            pc = Read(pattern, next, out _);
            next += Width(pc);
            return SameCharacter(pc, tc, glob);
        }

        return pc == matchOne || SameCharacter(pc, tc, glob);
    }

    // "[...]": ']' first is literal, '^' first inverts, "a-z" is a range unless '-' is first or last. An unclosed
    // set matches nothing.
    private static bool MatchSet(ReadOnlySpan<char> pattern, ref int next, int tc)
    {
        int i = next;
        bool invert = false;
        bool seen = false;
        int prior = 0;
        int c = ReadOrEnd(pattern, ref i);
        if (c == '^')
        {
            invert = true;
            c = ReadOrEnd(pattern, ref i);
        }

        if (c == ']')
        {
            seen = tc == ']';
            c = ReadOrEnd(pattern, ref i);
        }

        while (c != 0 && c != ']')
        {
            if (c == '-' && i < pattern.Length && pattern[i] != ']' && prior > 0)
            {
                c = ReadOrEnd(pattern, ref i);
                if (tc >= prior && tc <= c)
                {
                    seen = true;
                }

                prior = 0;
            }
            else
            {
                if (tc == c)
                {
                    seen = true;
                }

                prior = c;
            }

            c = ReadOrEnd(pattern, ref i);
        }

        next = i;
        return c != 0 && seen != invert;
    }

    private static bool SameCharacter(int pc, int tc, bool glob)
    {
        if (pc == tc)
        {
            return true;
        }

        return !glob && pc < 0x80 && tc < 0x80 && AsciiLower(pc) == AsciiLower(tc);
    }

    private static int AsciiLower(int c) => c is >= 'A' and <= 'Z' ? c + 32 : c;

    private static int ReadOrEnd(ReadOnlySpan<char> span, ref int index)
    {
        if (index >= span.Length)
        {
            return 0;
        }

        int c = Read(span, index, out _);
        index += Width(c);
        return c;
    }

    // The code point at index; an unpaired surrogate reads as U+FFFD, the character UTF-8 storage would hold.
    private static int Read(ReadOnlySpan<char> span, int index, out int codePoint)
    {
        char c = span[index];
        if (!char.IsSurrogate(c))
        {
            codePoint = c;
        }
        else if (char.IsHighSurrogate(c) && index + 1 < span.Length && char.IsLowSurrogate(span[index + 1]))
        {
            codePoint = char.ConvertToUtf32(c, span[index + 1]);
        }
        else
        {
            // Width() must still advance by one unit, so mark it below the supplementary range.
            codePoint = LoneSurrogate;
        }

        return codePoint;
    }

    // U+FFFD for matching purposes; a private marker so Width() knows it spans a single UTF-16 unit.
    private const int LoneSurrogate = 0xFFFD;

    private static int Width(int codePoint) => codePoint >= 0x10000 ? 2 : 1;

    private static ReadOnlySpan<char> CutAtNul(ReadOnlySpan<char> text)
    {
        int nul = text.IndexOf('\0');
        return nul < 0 ? text : text[..nul];
    }

    private static void CheckLength(string pattern)
    {
        // Cheap bound first: a string of n UTF-16 units has at most 3n UTF-8 bytes.
        if (pattern.Length > MaxPatternBytes / 3 && Utf8Text.GetByteCount(pattern) > MaxPatternBytes)
        {
            throw ExecutionErrors.PatternTooComplex();
        }
    }
}
