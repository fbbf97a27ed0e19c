//! Applications beyond the web: mobile, games, smart contracts, robotics and native toolkits,
//! and build systems.

use super::super::super::language::Word::{Any, Cased};
use super::super::Package::{Crate, Maven, Npm, NuGet, Pub, PyPI};
use super::{CS, JS, NONE, PY, REACT, Technology};

#[rustfmt::skip]
pub(super) static APPS: &[Technology] = &[
    Technology {
        name: "flutter",
        words: &[Any("flutter")],
        languages: &["dart"],
        imports: &["flutter"],
        identifiers: &["StatelessWidget", "StatefulWidget", "BuildContext"],
        commands: &["flutter"],
        packages: &[Pub("flutter"), Pub("flutter_test")],
        ..NONE
    },
    Technology {
        name: "riverpod",
        words: &[Any("riverpod")],
        languages: &["dart"],
        implies: &["flutter"],
        imports: &["flutter_riverpod", "hooks_riverpod", "riverpod"],
        identifiers: &["ConsumerWidget", "ref.watch"],
        packages: &[Pub("flutter_riverpod"), Pub("riverpod"), Pub("hooks_riverpod")],
        ..NONE
    },
    Technology {
        name: "bloc",
        words: &[Any("flutter bloc"), Any("flutter_bloc"), Cased("BLoC")],
        languages: &["dart"],
        implies: &["flutter"],
        imports: &["flutter_bloc", "bloc"],
        packages: &[Pub("flutter_bloc"), Pub("bloc")],
        ..NONE
    },
    Technology {
        name: "react-native",
        words: &[Any("react native"), Any("reactnative")],
        languages: REACT,
        implies: &["react"],
        files: &["metro.config.*", "react-native.config.*"],
        imports: &["react-native"],
        commands: &["react-native"],
        packages: &[Npm("react-native")],
        ..NONE
    },
    Technology {
        name: "expo",
        words: &[Cased("Expo"), Any("expo router"), Any("expo.dev")],
        languages: REACT,
        implies: &["react-native"],
        files: &["eas.json", "app/_layout.{tsx,jsx,ts,js}"],
        imports: &["expo", "expo-*"],
        commands: &["expo", "eas"],
        packages: &[Npm("expo"), Npm("expo-*")],
        ..NONE
    },
    Technology {
        name: "nativescript",
        words: &[Any("nativescript")],
        languages: JS,
        files: &["nativescript.config.*"],
        imports: &["@nativescript"],
        commands: &["ns", "tns"],
        packages: &[Npm("@nativescript/*")],
        ..NONE
    },
    Technology {
        name: "ionic",
        words: &[Any("ionic")],
        languages: JS,
        imports: &["@ionic"],
        commands: &["ionic"],
        packages: &[Npm("@ionic/*")],
        ..NONE
    },
    Technology {
        name: "capacitor",
        words: &[Cased("Capacitor"), Any("capacitorjs")],
        languages: JS,
        files: &["capacitor.config.*"],
        imports: &["@capacitor"],
        commands: &["cap"],
        packages: &[Npm("@capacitor/*")],
        ..NONE
    },
    Technology {
        name: "swiftui",
        words: &[Any("swiftui")],
        languages: &["swift"],
        imports: &["SwiftUI"],
        identifiers: &["@State", "@Binding", "@ObservedObject", "@StateObject", "@EnvironmentObject"],
        ..NONE
    },
    Technology {
        name: "uikit",
        words: &[Any("uikit")],
        languages: &["swift"],
        imports: &["UIKit"],
        identifiers: &[
            "UIViewController", "UITableView", "UITableViewCell", "UINavigationController",
            "viewDidLoad", "viewWillAppear", "IBOutlet", "IBAction",
        ],
        ..NONE
    },
    Technology {
        name: "android",
        words: &[Any("android")],
        languages: &["kotlin", "java"],
        files: &["AndroidManifest.xml"],
        imports: &["android", "androidx"],
        commands: &["adb"],
        packages: &[
            Maven("com.android.application:*"), Maven("com.android.library:*"), Maven("androidx.*"),
        ],
        ..NONE
    },
    Technology {
        name: "jetpack-compose",
        words: &[Any("jetpack compose"), Any("compose multiplatform")],
        languages: &["kotlin"],
        imports: &["androidx.compose", "org.jetbrains.compose"],
        identifiers: &["@Composable"],
        packages: &[
            Maven("androidx.compose*"), Maven("org.jetbrains.compose*"),
            Maven("org.jetbrains.kotlin.plugin.compose:*"),
        ],
        ..NONE
    },
    Technology {
        name: "xamarin",
        words: &[Any("xamarin")],
        languages: CS,
        imports: &["Xamarin"],
        packages: &[NuGet("Xamarin.*")],
        ..NONE
    },
    Technology {
        name: "unity",
        words: &[Cased("Unity"), Any("unity3d"), Any("unity engine"), Any("unityengine")],
        languages: CS,
        files: &[
            "Assets/**/*.cs", "*.unity", "*.prefab", "*.asmdef",
            "ProjectSettings/ProjectVersion.txt",
        ],
        imports: &["UnityEngine", "UnityEditor", "Unity"],
        identifiers: &["MonoBehaviour", "ScriptableObject", "SerializeField"],
        ..NONE
    },
    Technology {
        name: "godot",
        words: &[Any("godot"), Any("gdscript")],
        files: &["project.godot", "*.gd", "*.tscn", "*.tres", "*.gdshader"],
        imports: &["Godot"],
        identifiers: &["_ready", "_physics_process"],
        commands: &["godot"],
        packages: &[NuGet("Godot.NET.Sdk"), NuGet("GodotSharp")],
        ..NONE
    },
    Technology {
        name: "unreal",
        words: &[Any("unreal engine"), Any("unreal"), Any("ue5"), Any("ue4")],
        languages: &["cpp"],
        files: &["*.uproject", "*.uplugin", "*.Build.cs"],
        identifiers: &["UCLASS", "UPROPERTY", "UFUNCTION", "GENERATED_BODY"],
        ..NONE
    },
    Technology {
        name: "bevy",
        words: &[Any("bevy")],
        languages: &["rust"],
        imports: &["bevy"],
        packages: &[Crate("bevy")],
        ..NONE
    },
    Technology {
        name: "pygame",
        words: &[Any("pygame")],
        languages: PY,
        imports: &["pygame"],
        packages: &[PyPI("pygame")],
        ..NONE
    },
    Technology {
        name: "solidity",
        words: &[Any("solidity")],
        languages: &["solidity"],
        files: &["*.sol"],
        imports: &["@openzeppelin"],
        identifiers: &["solidity"],
        commands: &["solc"],
        packages: &[Npm("solc"), Npm("@openzeppelin/contracts"), Npm("@openzeppelin/*")],
        ..NONE
    },
    Technology {
        name: "foundry",
        words: &[Any("foundry"), Any("forge-std")],
        languages: &["solidity"],
        implies: &["solidity"],
        files: &["foundry.toml", "*.t.sol", "*.s.sol"],
        imports: &["forge-std"],
        identifiers: &["vm.prank", "vm.expectRevert", "vm.startBroadcast", "vm.deal", "vm.warp"],
        commands: &["forge", "cast", "anvil", "chisel", "foundryup"],
        ..NONE
    },
    Technology {
        name: "hardhat",
        words: &[Any("hardhat")],
        languages: &["solidity", "javascript", "typescript"],
        implies: &["solidity"],
        files: &["hardhat.config.*"],
        imports: &["hardhat"],
        identifiers: &["hre."],
        commands: &["hardhat"],
        packages: &[Npm("hardhat"), Npm("@nomicfoundation/*")],
        ..NONE
    },
    Technology {
        name: "ethers",
        words: &[Any("ethers.js"), Any("ethersjs")],
        languages: JS,
        imports: &["ethers"],
        packages: &[Npm("ethers")],
        ..NONE
    },
    Technology {
        name: "viem",
        words: &[Any("viem"), Any("wagmi")],
        languages: JS,
        imports: &["viem", "wagmi"],
        packages: &[Npm("viem"), Npm("wagmi")],
        ..NONE
    },
    Technology {
        name: "solana",
        words: &[Any("solana"), Any("anchor lang")],
        // An Anchor workspace keeps each on-chain program's crate under `programs/<name>/`.
        files: &["Anchor.toml", "programs/*/src/**/*.rs"],
        imports: &["@solana", "solana_program", "solana_sdk", "anchor_lang", "@coral-xyz/anchor"],
        identifiers: &["declare_id", "CpiContext", "AccountInfo"],
        commands: &["solana", "anchor"],
        packages: &[Npm("@solana/*"), Npm("@coral-xyz/anchor"), Crate("solana-*"), Crate("anchor-lang")],
        ..NONE
    },
    Technology {
        name: "ros",
        words: &[Cased("ROS"), Any("ros2"), Any("ros 2"), Any("robot operating system")],
        languages: &["python", "cpp"],
        files: &["*.launch.py", "*.launch", "*.launch.xml", "msg/*.msg", "srv/*.srv"],
        imports: &["rclpy", "rclcpp", "rospy", "roscpp", "geometry_msgs", "std_msgs", "sensor_msgs"],
        commands: &["ros2", "roslaunch", "rosrun", "colcon", "catkin_make", "catkin"],
        ..NONE
    },
    Technology {
        name: "qt",
        words: &[Cased("Qt"), Any("pyqt"), Any("pyside"), Any("qml")],
        languages: &["cpp", "python"],
        files: &["*.qml"],
        imports: &["PyQt5", "PyQt6", "PySide6", "PySide2", "Qt*"],
        identifiers: &["QWidget", "QObject", "Q_OBJECT", "QApplication"],
        packages: &[PyPI("pyqt5"), PyPI("pyqt6"), PyPI("pyside6")],
        ..NONE
    },
    Technology {
        name: "blender",
        words: &[Cased("Blender"), Any("bpy")],
        languages: PY,
        imports: &["bpy", "bmesh"],
        identifiers: &["bpy."],
        commands: &["blender"],
        ..NONE
    },
    Technology {
        name: "cuda",
        words: &[Any("cuda"), Any("cupy")],
        languages: &["cpp", "c", "python"],
        files: &["*.cu", "*.cuh"],
        imports: &["cupy", "pycuda", "numba.cuda"],
        identifiers: &["__global__", "cudaMalloc", "cudaMemcpy"],
        commands: &["nvcc", "nvidia-smi"],
        packages: &[PyPI("cupy"), PyPI("cupy-*"), PyPI("pycuda")],
        ..NONE
    },
    Technology {
        name: "arduino",
        words: &[Any("arduino")],
        languages: &["cpp", "c"],
        files: &["*.ino"],
        identifiers: &["digitalWrite", "pinMode", "analogRead"],
        commands: &["arduino-cli"],
        ..NONE
    },
    Technology {
        name: "cmake",
        words: &[Any("cmake")],
        languages: &["c", "cpp"],
        files: &["CMakeLists.txt", "*.cmake", "CMakePresets.json"],
        commands: &["cmake", "ctest"],
        ..NONE
    },
    Technology {
        name: "vcpkg",
        words: &[Any("vcpkg")],
        languages: &["c", "cpp"],
        files: &["vcpkg.json", "vcpkg-configuration.json"],
        commands: &["vcpkg"],
        ..NONE
    },
    Technology {
        name: "conan",
        words: &[Cased("Conan"), Any("conanfile")],
        languages: &["c", "cpp"],
        files: &["conanfile.txt", "conanfile.py", "conandata.yml"],
        commands: &["conan"],
        ..NONE
    },
    Technology {
        name: "bazel",
        words: &[Any("bazel")],
        files: &["BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel", ".bazelrc"],
        commands: &["bazel", "bazelisk"],
        ..NONE
    },
];
