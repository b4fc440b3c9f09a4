namespace SharpCoreDB;

/// <summary>How far a backup has got: reported after every batch the copy commits, and once at the end.</summary>
/// <param name="PagesCopied">The pages written to the copy so far.</param>
/// <param name="PageCount">The pages the copy will have (the source's pages in use); equal to <paramref name="PagesCopied"/> at the end.</param>
public readonly record struct SharpCoreDBBackupProgress(long PagesCopied, long PageCount);
