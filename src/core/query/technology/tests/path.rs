//! Path signs: the files a technology is known by, at any depth, and near misses.

use super::*;

#[test]
fn technologies_of_touched_paths() {
    let cases: &[(&str, &[&str])] = &[
        ("next.config.ts", &["nextjs"]),
        ("apps/web/next.config.mjs", &["nextjs"]),
        ("app/page.tsx", &["nextjs"]),
        ("src/app/dashboard/settings/page.tsx", &["nextjs"]),
        ("app/api/users/route.ts", &["nextjs"]),
        ("pages/_app.tsx", &["nextjs"]),
        ("C:\\work\\shop\\next.config.js", &["nextjs"]),
        ("src/components/page.tsx", &[]),
        ("infra/main.bicep", &["bicep"]),
        ("infra/prod.tfvars", &["terraform"]),
        ("Assets/Scripts/Player.cs", &["unity"]),
        ("assets/scripts/player.js", &[]),
        ("contracts/Token.sol", &["solidity"]),
        ("test/Token.t.sol", &["solidity", "foundry"]),
        ("programs/escrow/src/lib.rs", &["solana"]),
        ("programs/vault/src/instructions/deposit.rs", &["solana"]),
        ("Anchor.toml", &["solana"]),
        ("src/programs/mod.rs", &[]),
        ("programs/escrow/tests/escrow.ts", &[]),
        ("nest-cli.json", &["nestjs"]),
        ("src/routes/blog/+page.svelte", &["svelte", "sveltekit"]),
        ("src/lib/Card.svelte", &["svelte"]),
        ("alembic/versions/20240101_add_users.py", &["alembic"]),
        ("alembic.ini", &["alembic"]),
        ("manage.py", &["django"]),
        ("shop/migrations/0003_order_total.py", &["django"]),
        ("Gemfile", &[]),
        ("config/routes.rb", &["rails"]),
        ("backend/config/routes.rb", &["rails"]),
        ("src/Api/Api.csproj", &[]),
        ("Program.cs", &[]),
        ("src/Data/ShopDbContext.cs", &["entity-framework"]),
        (".github/workflows/ci.yml", &["github-actions"]),
        ("k8s/api/deployment.yaml", &["kubernetes"]),
        ("charts/api/Chart.yaml", &["helm"]),
        ("Dockerfile", &["docker"]),
        ("deploy/Dockerfile.prod", &["docker"]),
        ("docker-compose.yml", &["docker"]),
        ("src/App.vue", &["vue"]),
        ("nuxt.config.ts", &["nuxt"]),
        ("angular.json", &["angular"]),
        ("src/app/cart/cart.component.ts", &["angular"]),
        ("ControlManifest.Input.xml", &["power-apps-pcf"]),
        ("prisma/schema.prisma", &["prisma"]),
        ("supabase/migrations/20240101_init.sql", &["supabase"]),
        ("tests/conftest.py", &["pytest"]),
        ("dvc.yaml", &["dvc"]),
        ("project.godot", &["godot"]),
        ("README.md", &[]),
        ("nextjs.config.js", &[]),
        ("src/lib/assets.ts", &[]),
        ("", &[]),
        ("/", &[]),
    ];
    let t = table();
    for (path, expected) in cases {
        assert_eq!(t.for_path(path), strings(expected), "{path}");
    }
}

#[test]
fn file_signs_parse_or_say_what_is_wrong() {
    for good in [
        "next.config.*",
        "app/**/page.{tsx,jsx}",
        "**/*.bicep",
        "./Assets/**",
        "+page.svelte",
    ] {
        assert_eq!(check_file_sign(good), Ok(()), "{good}");
    }
    for bad in [
        "",
        "/abs/path",
        "src/[ab].ts",
        "a/../b",
        "a//b",
        "x{a,b",
        "a**b/c",
        "{a,{b}}",
    ] {
        assert!(check_file_sign(bad).is_err(), "{bad:?} accepted");
    }
}
