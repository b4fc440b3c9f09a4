using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Migrations;

/// <summary>
/// The target model of each migration, as <c>dotnet ef migrations add</c> writes it into a designer file. One method
/// builds all three versions so they do not repeat each other; version 3 is also the model snapshot and must equal
/// <see cref="BlogContext"/>'s model (a test checks there are no pending model changes).
/// </summary>
internal static class BlogModels
{
    private const string BlogType = "SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Blog";
    private const string PostType = "SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Post";
    private const string WriterType = "SharpCoreDB.EntityFrameworkCore.Tests.Migrations.App.Writer";

    public static void Build(ModelBuilder modelBuilder, int version)
    {
        modelBuilder.HasAnnotation("ProductVersion", "10.0.15");
        modelBuilder.Entity(BlogType, b =>
        {
            Key(b);
            b.Property<string>("Name").IsRequired().HasColumnType("TEXT");
            if (version < 3)
            {
                b.Property<string>("Obsolete").HasColumnType("TEXT");
                b.Property<int>("Rating").HasColumnType("INTEGER");
                b.Property<string>("Url").HasColumnType("TEXT");
            }
            else
            {
                b.Property<double>("Rating").HasColumnType("REAL");
                b.Property<string>("Url").IsRequired().ValueGeneratedOnAdd().HasColumnType("TEXT").HasDefaultValue("");
            }

            if (version >= 2)
            {
                b.Property<decimal?>("Price").HasColumnType("DECIMAL");
            }

            b.ToTable("Blogs");
        });
        if (version >= 2)
        {
            modelBuilder.Entity(WriterType, b =>
            {
                Key(b);
                b.Property<string>("Name").IsRequired().HasColumnType("TEXT");
                b.ToTable(version >= 3 ? "Writers" : "Authors");
            });
        }

        modelBuilder.Entity(PostType, b =>
        {
            Key(b);
            b.Property<int>("BlogId").HasColumnType("INTEGER");
            b.Property<string>(version >= 3 ? "Body" : "Content").HasColumnType("TEXT");
            b.Property<string>("Title").IsRequired().HasColumnType("TEXT");
            b.HasIndex("BlogId");
            b.HasOne(BlogType, "Blog").WithMany("Posts").HasForeignKey("BlogId").OnDelete(DeleteBehavior.Cascade).IsRequired();
            if (version >= 2)
            {
                b.Property<int?>("AuthorId").HasColumnType("INTEGER");
                b.HasIndex("AuthorId");
                b.HasOne(WriterType, "Author").WithMany("Posts").HasForeignKey("AuthorId").OnDelete(DeleteBehavior.SetNull);
            }

            b.ToTable("Posts");
        });
    }

    private static void Key(EntityTypeBuilder b)
    {
        b.Property<int>("Id").ValueGeneratedOnAdd().HasColumnType("INTEGER");
        b.HasKey("Id");
    }
}
