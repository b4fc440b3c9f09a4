namespace SharpCoreDB.Storage.Paging;

/// <summary>A read-only snapshot of the database. Dispose to end it.</summary>
public interface IReadTransaction : IPageTransaction, IDisposable
{
}
