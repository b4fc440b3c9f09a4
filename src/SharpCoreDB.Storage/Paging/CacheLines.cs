using System.Runtime.Intrinsics.X86;

namespace SharpCoreDB.Storage.Paging;

/// <summary>
/// Hints to the CPU that a range of memory will be read soon (a page buffer, or part of one), one hint per cache line.
/// A hint only: it reads nothing and cannot fault, whatever the address.
/// </summary>
internal static class CacheLines
{
    /// <summary>The cache line size the hints step by.</summary>
    public const int Size = 64;

    /// <summary>
    /// Hints every cache line holding bytes [<paramref name="start"/>, <paramref name="start"/> + <paramref name="length"/>),
    /// from the last line down when <paramref name="descending"/>, into the first-level cache or, with
    /// <paramref name="secondLevel"/>, only the second. Returns the lines hinted (0 without SSE).
    /// </summary>
    /// <param name="start">The first byte.</param>
    /// <param name="length">The bytes to cover.</param>
    /// <param name="descending">True to hint from the end of the range.</param>
    /// <param name="secondLevel">True to load into the second-level cache only.</param>
    /// <returns>The lines hinted.</returns>
    public static unsafe int Prefetch(byte* start, int length, bool descending, bool secondLevel)
    {
        if (!Sse.IsSupported || length <= 0)
        {
            return 0;
        }

        nuint first = (nuint)start & ~(nuint)(Size - 1);
        nuint last = (nuint)(start + length - 1) & ~(nuint)(Size - 1);
        int lines = (int)((last - first) / Size) + 1;
        for (int i = 0; i < lines; i++)
        {
            void* line = (void*)(descending ? last - ((nuint)i * Size) : first + ((nuint)i * Size));
            if (secondLevel)
            {
                Sse.Prefetch1(line);
            }
            else
            {
                Sse.Prefetch0(line);
            }
        }

        return lines;
    }
}
