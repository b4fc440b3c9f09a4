using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Migrations;

/// <summary>The model after the last migration, which EF compares with the context's model to find pending changes.</summary>
[DbContext(typeof(BlogContext))]
public sealed class BlogContextModelSnapshot : ModelSnapshot
{
    protected override void BuildModel(ModelBuilder modelBuilder) => BlogModels.Build(modelBuilder, 3);
}
